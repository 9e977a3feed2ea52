import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DomainPayableCurrency, DomainQuote } from "#contracts/domain-orders.ts";
import type { DomainDetails } from "#contracts/domains.ts";
import { PrivacyNotice } from "../../components/layout/privacy-notice.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Link } from "../../i18n/link.tsx";
import { paths } from "../../lib/route-table.ts";
import { formatAmount } from "./domain-format.ts";

/** The order's summary beside the form: the name, what it costs, what went wrong, and the button that pays. */
export function DomainOrderSummary({
  domain,
  checked,
  years,
  currency,
  quote,
  invalid,
  formProblem,
  status,
  refusal,
  sending,
}: {
  domain: DomainDetails;
  /** Who said the name is available, and when. */
  checked: string;
  years: number;
  currency: DomainPayableCurrency;
  quote: DomainQuote;
  /** The last submit found refusals. */
  invalid: boolean;
  /** A refusal with no field of its own (the name, period or currency). */
  formProblem: string | undefined;
  status: "idle" | "leaving" | "refused" | "failed";
  refusal: string;
  sending: boolean;
}) {
  const { t } = useTranslation("domains");
  const price = (amount: number) => formatAmount(amount, currency);
  return (
    <aside aria-label={t("order.summaryTitle")} className="lg:sticky lg:top-24 lg:self-start">
      <Card className="p-5 sm:p-6" data-testid="domain-order-summary">
        <h2 className="text-lg font-bold text-foreground">{t("order.summaryTitle")}</h2>
        <p className="mt-2 font-semibold break-all text-foreground">{domain.unicodeName}</p>
        <p className="mt-1 text-xs text-muted-foreground" data-testid="domain-source">
          {t("state.available")} · {checked}
        </p>
        <dl className="mt-4 grid gap-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t("order.firstYear")}</dt>
            <dd className="whitespace-nowrap tabular-nums">{price(quote.firstYear)}</dd>
          </div>
          {years > 1 ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">
                {t("order.renewalYears", { count: years - 1, price: price(quote.renewal) })}
              </dt>
              <dd className="whitespace-nowrap tabular-nums">{price(quote.renewal * (years - 1))}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3 border-t pt-2 text-base font-bold text-foreground">
            <dt>{t("order.total")}</dt>
            <dd className="whitespace-nowrap tabular-nums" data-testid="domain-order-total">
              {price(quote.total)}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">
          {t("order.renewsAt", { years: t("price.years", { count: years }), price: price(quote.renewal) })}
        </p>
        {invalid ? (
          <p role="alert" className="mt-4 text-sm font-medium text-destructive">
            {t("order.fixErrors")}
            {formProblem ? <span className="mt-1 block">{formProblem}</span> : null}
          </p>
        ) : null}
        {status === "refused" || status === "failed" ? (
          <div role="alert" className="mt-4 text-sm font-medium text-destructive">
            <p>{refusal}</p>
            {status === "refused" ? (
              <Link to={paths.domains()} className="mt-2 inline-block text-primary hover:underline">
                {t("order.searchAgain")}
              </Link>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" size="lg" className="mt-5 w-full" disabled={sending}>
          {sending ? t("order.submitting") : t("order.submit", { amount: price(quote.total) })}
        </Button>
        <p className="mt-3 flex items-start gap-2 text-xs text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {t("order.checkedNote")}
        </p>
        <PrivacyNotice className="mt-2" />
      </Card>
    </aside>
  );
}
