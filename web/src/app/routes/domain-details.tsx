import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Link } from "../../i18n/link.tsx";
import { DomainDetails, type DomainCurrency, type MoneySet, validateDomainName } from "#contracts/domains.ts";
import { domainIncludes } from "#content/domains.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label, NativeSelect } from "../../components/ui/field.tsx";
import { Container } from "../../components/ui/section.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { formatMoney, useDomainCurrency } from "../../features/domains/domain-format.ts";
import { domainMessageText, domainSourceText } from "../../features/domains/domain-messages.ts";
import { orderPath } from "../../features/domains/domain-order-api.ts";
import { StateBadge } from "../../features/domains/domain-row.tsx";
import { useTldCatalog } from "../../features/domains/use-domain-search.ts";
import { i18n } from "../../i18n/index.ts";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { formatDate as formatDateValue } from "../../lib/intl.ts";
import type { Route } from "./+types/domain-details";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { i18n: ["domains"] };

export function meta({ params, location }: Route.MetaArgs) {
  const name = params.id ?? "";
  return pageMeta({
    title: i18n.t("meta.detailsTitle", { ns: "domains", name }),
    description: i18n.t("meta.detailsDescription", { ns: "domains", name }),
    path: location.pathname,
    noindex: true,
  });
}

function formatDate(value: string | null, fallback: string): string {
  return value ? formatDateValue(value) : fallback;
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm sm:col-span-2">{children}</dd>
    </div>
  );
}

function Registered({ details }: { details: DomainDetails }) {
  const { t } = useTranslation("domains");
  const r = details.registration;
  const none = t("details.notGiven");
  return (
    <Card className="mt-6 p-4 sm:p-6">
      <dl className="divide-y">
        <Fact term={t("details.registrar")}>{r?.registrar ?? none}</Fact>
        <Fact term={t("details.registeredOn")}>{formatDate(r?.registeredAt ?? null, none)}</Fact>
        <Fact term={t("details.expiresOn")}>{formatDate(r?.expiresAt ?? null, none)}</Fact>
        {r?.updatedAt ? <Fact term={t("details.updatedOn")}>{formatDate(r.updatedAt, none)}</Fact> : null}
        <Fact term={t("details.status")}>
          {r && r.statuses.length > 0 ? (
            <ul className="space-y-2">
              {r.statuses.map((status) => (
                <li key={status.code}>
                  <span className="font-medium">{status.code}</span>
                  <span className="block text-muted-foreground">{status.meaning}</span>
                </li>
              ))}
            </ul>
          ) : (
            none
          )}
        </Fact>
        <Fact term={t("details.nameservers")}>
          {r && r.nameservers.length > 0 ? (
            <ul className="font-mono text-sm">
              {r.nameservers.map((ns) => (
                <li key={ns}>{ns}</li>
              ))}
            </ul>
          ) : (
            none
          )}
        </Fact>
        <Fact term={t("details.dnssec")}>
          {r?.dnssec === true ? t("details.dnssecOn") : r?.dnssec === false ? t("details.dnssecOff") : none}
        </Fact>
      </dl>
    </Card>
  );
}

/** First year at the registration price, every later year at the renewal price. */
function totalFor(details: DomainDetails, years: number): MoneySet {
  const { register, renew } = details.price;
  return Object.fromEntries(
    Object.entries(register).map(([code, first]) => [code, first + (renew[code as DomainCurrency] ?? 0) * (years - 1)]),
  ) as MoneySet;
}

function Available({ details, currency }: { details: DomainDetails; currency: DomainCurrency }) {
  const { t } = useTranslation("domains");
  const years = Array.from({ length: 10 }, (_, i) => i + 1);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-5">
      <Card className="p-4 sm:p-6 lg:col-span-3">
        <h2 className="text-lg font-bold">{t("details.pricesTitle")}</h2>
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                {t("details.yearsHeader")}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t("price.total")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {years.map((n) => (
              <tr key={n} data-testid="price-row">
                <td className="py-2">{t("price.years", { count: n })}</td>
                <td className="py-2 text-right font-semibold tabular-nums">
                  {formatMoney(totalFor(details, n), currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-muted-foreground">
          {t("price.renewal", { price: formatMoney(details.price.renew, currency) })}. {t("price.note")}
        </p>
      </Card>
      <Card className="p-4 sm:p-6 lg:col-span-2">
        <h2 className="text-lg font-bold">{t("details.includedTitle")}</h2>
        <ul className="mt-3 space-y-2 text-sm">
          {domainIncludes.map((item) => (
            <li key={item} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {t(`details.included.${item}`)}
            </li>
          ))}
        </ul>
        <Link to={orderPath(details.name)} className={buttonClasses("primary", "lg", "mt-6 w-full")}>
          {t("actions.registerName", { name: details.unicodeName })}
        </Link>
        <Link to={paths.contact()} className={buttonClasses("outline", "md", "mt-3 w-full")}>
          {t("actions.askTeam")}
        </Link>
      </Card>
    </div>
  );
}

export default function DomainDetailsPage() {
  const { t } = useTranslation("domains");
  const name = useParams().id ?? "";
  const [currency, setCurrency] = useDomainCurrency();
  const catalog = useTldCatalog();
  // Checked in the browser first: a name we can't sell never reaches the registries.
  const invalid = catalog.data ? validateDomainName(name, catalog.data) : null;
  const query = useQuery({
    enabled: invalid?.ok === true,
    queryKey: ["domain-details", name],
    queryFn: async () =>
      DomainDetails.parse(await (await apiRequest("GET", `/api/domains/${encodeURIComponent(name)}`)).json()),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  const back = (
    <Link
      to={paths.domains()}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("details.back")}
    </Link>
  );

  if (invalid && !invalid.ok) {
    return (
      <Container className="max-w-3xl py-12 sm:py-16">
        {back}
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-all sm:text-4xl">
          {t("details.invalidTitle", { name })}
        </h1>
        <p className="mt-3 text-muted-foreground" role="alert">
          {domainMessageText(t, invalid.message)}
        </p>
        <Link to={paths.domains()} className={buttonClasses("primary", "md", "mt-6")}>
          {t("actions.searchAgain")}
        </Link>
      </Container>
    );
  }
  if (query.isPending && !catalog.isError) return <PageSpinner />;
  if (query.isError || catalog.isError) {
    const error = query.error ?? catalog.error;
    const message =
      error instanceof ApiError ? domainMessageText(t, error.serverMessage() ?? t("search.error")) : t("search.error");
    return (
      <Container className="max-w-3xl py-12 sm:py-16">
        {back}
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-all sm:text-4xl">
          {t("details.invalidTitle", { name })}
        </h1>
        <p className="mt-3 text-muted-foreground" role="alert">
          {message}
        </p>
        <Link to={paths.domains()} className={buttonClasses("primary", "md", "mt-6")}>
          {t("actions.searchAgain")}
        </Link>
      </Container>
    );
  }
  const details = query.data;
  if (!details) return <PageSpinner />;
  const titleKey =
    details.state === "available"
      ? "availableTitle"
      : details.state === "registered"
        ? "registeredTitle"
        : "unknownTitle";
  const leadKey =
    details.state === "available" ? "availableLead" : details.state === "registered" ? "registeredLead" : "unknownLead";
  return (
    <Container className="max-w-4xl py-12 sm:py-16">
      {back}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <StateBadge state={details.state} />
        <span className="text-xs text-muted-foreground">
          {t("details.checkedAt", { time: formatDateValue(details.checkedAt, { timeStyle: "short" }) })} ·{" "}
          {domainSourceText(t, details)}
        </span>
      </div>
      <h1 className="mt-3 text-3xl font-bold tracking-tight break-all sm:text-4xl">
        {t(`details.${titleKey}`, { name: details.unicodeName })}
      </h1>
      <p className="mt-3 text-muted-foreground">{t(`details.${leadKey}`)}</p>
      {details.state === "unknown" && details.reason ? (
        <p className="mt-2 text-sm">{t(`reason.${details.reason}`)}</p>
      ) : null}
      {details.state === "available" ? (
        <>
          <div className="mt-6 w-32">
            <Label htmlFor="details-currency">{t("search.currency")}</Label>
            <NativeSelect
              id="details-currency"
              className="mt-1.5"
              value={currency}
              onChange={(event) => {
                setCurrency(event.target.value as DomainCurrency);
              }}
            >
              {(["RWF", "UGX", "KES", "USD"] as const).map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Available details={details} currency={currency} />
        </>
      ) : details.state === "registered" ? (
        <Registered details={details} />
      ) : null}
    </Container>
  );
}
