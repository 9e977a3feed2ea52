import { Lock, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DOMAIN_CURRENCIES, DOMAIN_QUERY_MAX, type DomainCandidate, type DomainCurrency } from "#contracts/domains.ts";
import { Card } from "../../components/ui/card.tsx";
import { Input, Label, NativeSelect } from "../../components/ui/field.tsx";
import { Container, SectionHeading } from "../../components/ui/section.tsx";
import { useDomainCurrency } from "./domain-format.ts";
import { searchErrorText } from "./domain-messages.ts";
import { DomainRow } from "./domain-row.tsx";
import { RegistryOutage } from "./registry-outage.tsx";
import { useDomainSearch, useTldCatalog } from "./use-domain-search.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { paths } from "../../lib/route-table.ts";

export function DomainSearchTool() {
  const { t } = useTranslation("domains");
  const [params] = useSearchParams();
  // A shared address's ?q= is read once hydrated: the prerendered page was built without one.
  const hydrated = useHydrated();
  const [input, setInput] = useState("");
  const [sharedRead, setSharedRead] = useState(false);
  if (hydrated && !sharedRead) {
    setSharedRead(true);
    setInput(params.get("q") ?? "");
  }
  const [currency, setCurrency] = useDomainCurrency();
  const catalog = useTldCatalog();
  const search = useDomainSearch(input, catalog.data);

  // The address stays shareable without a history entry per keystroke. It is written straight to
  // the browser's history, not through the router: a router navigation here would cancel the one
  // a visitor starts by clicking a row while the next screen's code is still loading.
  useEffect(() => {
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      if (url.pathname !== paths.domains()) return;
      const q = input.trim();
      if (q) url.searchParams.set("q", q);
      else url.searchParams.delete("q");
      window.history.replaceState(window.history.state, "", url);
    }, 600);
    return () => clearTimeout(timer);
  }, [input]);

  const chooseCurrency = setCurrency;
  const priceOf = (tld: string) => search.prices.find((p) => p.tld === tld);
  // A name's row, the same in the results and in the suggestions.
  const row = (candidate: DomainCandidate) => (
    <DomainRow
      key={candidate.name}
      candidate={candidate}
      result={search.results[candidate.name]}
      price={priceOf(candidate.tld)}
      currency={currency}
    />
  );
  const main = search.candidates.filter((c) => c.kind !== "suggestion");
  const ideas = search.candidates.filter((c) => c.kind === "suggestion");
  const errorText = searchErrorText(t, search.error);
  const unknown = search.loading
    ? []
    : main.flatMap((candidate) => {
        const result = search.results[candidate.name];
        return result?.state === "unknown" ? [{ unicodeName: candidate.unicodeName, result }] : [];
      });

  return (
    <Container className="py-12 sm:py-16">
      <SectionHeading as="h1" eyebrow={t("hero.eyebrow")} title={t("hero.title")} lead={t("hero.lead")} />
      <Card className="mx-auto mt-8 max-w-3xl p-4 sm:p-6">
        {/* Searched as typed, so no form: with nothing to submit, Enter has nothing to do. */}
        <div role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Label htmlFor="domain-query">{t("search.label")}</Label>
            <div className="relative mt-1.5">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id="domain-query"
                type="text"
                inputMode="url"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={DOMAIN_QUERY_MAX}
                placeholder={t("search.placeholder")}
                className="pl-9 text-base"
                value={input}
                onChange={(event) => setInput(event.target.value)}
                aria-describedby={errorText ? "domain-query-error" : "domain-privacy"}
                aria-invalid={Boolean(errorText)}
              />
            </div>
          </div>
          <div className="sm:w-32">
            <Label htmlFor="domain-currency">{t("search.currency")}</Label>
            <NativeSelect
              id="domain-currency"
              className="mt-1.5"
              value={currency}
              onChange={(event) => chooseCurrency(event.target.value as DomainCurrency)}
            >
              {DOMAIN_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {errorText ? (
          <p id="domain-query-error" role="alert" className="mt-3 text-sm font-medium text-destructive">
            {errorText}
          </p>
        ) : null}
        <p id="domain-privacy" className="mt-3 flex items-start gap-2 text-xs text-muted-foreground">
          <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {t("search.privacy")}
        </p>
      </Card>

      {main.length > 0 ? (
        <section
          className="mx-auto mt-8 max-w-3xl"
          aria-label={t("search.resultsLabel", { query: search.query })}
          aria-busy={search.loading}
        >
          <Card className="overflow-hidden">
            <ul className="divide-y" aria-live="polite">
              {main.map(row)}
            </ul>
          </Card>
          {unknown.length > 0 ? <RegistryOutage key={search.query} unknown={unknown} onRetry={search.retry} /> : null}
          <p className="mt-3 text-xs text-muted-foreground">{t("price.note")}</p>
          {ideas.length > 0 ? (
            <div className="mt-10">
              <h2 className="text-xl font-bold">{t("search.suggestionsTitle")}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{t("search.suggestionsLead")}</p>
              <Card className="mt-4 overflow-hidden">
                <ul className="divide-y">{ideas.map(row)}</ul>
              </Card>
            </div>
          ) : null}
        </section>
      ) : null}
    </Container>
  );
}
