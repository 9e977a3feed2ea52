import { Check, CircleHelp, Loader2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import type { DomainCandidate, DomainCurrency, DomainResult, TldPrice } from "#contracts/domains.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { formatMoney } from "./domain-format.ts";
import { domainMessageText, domainSourceText } from "./domain-messages.ts";
import { orderPath } from "./domain-order-api.ts";
import { paths } from "../../lib/route-table.ts";

export function detailsPath(name: string): string {
  return paths.domainDetails({ id: name });
}

/** One result row: the name, its state (never guessed), first-year and renewal price, and an action. */
export function DomainRow({
  candidate,
  result,
  price,
  currency,
}: {
  candidate: DomainCandidate;
  result?: DomainResult;
  price?: TldPrice;
  currency: DomainCurrency;
}) {
  const { t } = useTranslation("domains");
  const state = candidate.problem ? "problem" : (result?.state ?? "checking");
  const label = candidate.unicodeName.slice(0, candidate.unicodeName.length - candidate.tld.length - 1);
  return (
    <li
      className={cn(
        "flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4",
        state === "available" && "bg-success/5",
      )}
      data-testid="domain-row"
      data-name={candidate.name}
      data-state={state}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-base font-semibold">
          {state === "problem" || state === "checking" ? (
            <>
              <span>{label}</span>
              <span className="text-primary">.{candidate.tld}</span>
            </>
          ) : (
            <Link
              to={detailsPath(candidate.name)}
              className="hover:underline"
              aria-label={t("actions.detailsFor", { name: candidate.unicodeName })}
            >
              <span>{label}</span>
              <span className="text-primary">.{candidate.tld}</span>
            </Link>
          )}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <StateBadge state={state} />
          {candidate.problem ? (
            <span className="text-muted-foreground">{domainMessageText(t, candidate.problem)}</span>
          ) : null}
          {result?.state === "unknown" && result.reason ? (
            <span className="text-muted-foreground">{t(`reason.${result.reason}`)}</span>
          ) : null}
          {result && result.state !== "unknown" && !candidate.problem ? (
            <span className="text-xs text-muted-foreground">{domainSourceText(t, result)}</span>
          ) : null}
        </div>
      </div>
      {price && state !== "registered" && state !== "problem" ? (
        <div className="text-sm sm:text-right">
          <p className="font-semibold">{t("price.firstYear", { price: formatMoney(price.register, currency) })}</p>
          <p className="text-muted-foreground">{t("price.renewal", { price: formatMoney(price.renew, currency) })}</p>
        </div>
      ) : null}
      <div className="flex shrink-0 gap-2">
        {state === "available" ? (
          <Link
            to={orderPath(candidate.name)}
            className={buttonClasses("primary", "sm")}
            aria-label={t("actions.registerName", { name: candidate.unicodeName })}
          >
            {t("actions.register")}
          </Link>
        ) : state === "registered" ? (
          <Link
            to={detailsPath(candidate.name)}
            className={buttonClasses("outline", "sm")}
            aria-label={`${t("actions.whois")} ${candidate.unicodeName}`}
          >
            {t("actions.whois")}
          </Link>
        ) : state === "unknown" ? (
          <Link
            to={detailsPath(candidate.name)}
            className={buttonClasses("outline", "sm")}
            aria-label={`${t("actions.details")} ${candidate.unicodeName}`}
          >
            {t("actions.details")}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

export function StateBadge({ state }: { state: "available" | "registered" | "unknown" | "checking" | "problem" }) {
  const { t } = useTranslation("domains");
  if (state === "available")
    return (
      <Badge tone="success">
        <Check aria-hidden="true" className="size-3.5" />
        {t("state.available")}
      </Badge>
    );
  if (state === "registered")
    return (
      <Badge tone="neutral">
        <X aria-hidden="true" className="size-3.5" />
        {t("state.registered")}
      </Badge>
    );
  if (state === "unknown")
    return (
      <Badge tone="warning">
        <CircleHelp aria-hidden="true" className="size-3.5" />
        {t("state.unknown")}
      </Badge>
    );
  if (state === "problem") return <Badge tone="neutral">{t("state.problem")}</Badge>;
  return (
    <Badge tone="neutral">
      <Loader2 aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
      {t("state.checking")}
    </Badge>
  );
}
