import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Clock, Printer, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import { PaymentStatusView, isFinalStatus, paymentCountry } from "#contracts/payments.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { formatDate, formatNumber } from "../../lib/intl.ts";
import { cn } from "../../lib/cn.ts";
import { PaymentStatusBadge } from "./payment-status.tsx";
import { paths } from "../../lib/route-table.ts";

/** The payment's public status, re-read every 3 seconds until it is final. */
export function usePaymentStatus(transactionId: string | null) {
  return useQuery({
    queryKey: [`/api/deposits/${encodeURIComponent(transactionId ?? "")}/status`],
    enabled: Boolean(transactionId),
    select: (data: unknown) => PaymentStatusView.parse(data),
    refetchInterval: (query) => {
      // The cache holds the answer as it came; `select` parses it for the page.
      const status = PaymentStatusView.safeParse(query.state.data).data?.status;
      return status && isFinalStatus(status) ? false : 3000;
    },
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
    staleTime: 0,
  });
}

function Row({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid grid-cols-[minmax(8rem,40%)_1fr] gap-3 border-b py-2.5 text-sm last:border-b-0 print:py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn("font-medium break-all", mono && "font-mono text-xs sm:text-sm")}>{children}</dd>
    </div>
  );
}

/** "5,000 RWF" ("5 000 RWF" in French): the amount as the visitor entered it, then the currency. */
function formatAmount(amount: string, currency: string) {
  const value = Number(amount);
  return Number.isFinite(value)
    ? `${formatNumber(value, { maximumFractionDigits: 2 })} ${currency}`
    : `${amount} ${currency}`;
}

/** Receipt (completed or pending) and failure page: the real details of one transaction. */
export function PaymentDetails({
  transactionId,
  variant,
}: {
  transactionId: string | null;
  variant: "receipt" | "failed";
}) {
  const { t } = useTranslation("payment");
  const query = usePaymentStatus(transactionId);

  if (!transactionId) return <Notice text={t("receipt.missingId")} />;
  if (query.isPending) {
    return (
      <div className="grid place-items-center gap-3 py-20" role="status">
        <Spinner />
        <span className="text-sm text-muted-foreground">{t("receipt.loading")}</span>
      </div>
    );
  }
  if (query.isError || !query.data) return <Notice text={t("receipt.notFound")} />;

  const payment = query.data;
  const failed = payment.status === "FAILED" || payment.status === "TIMEOUT";
  const pending = !isFinalStatus(payment.status);
  const title = failed ? t("receipt.failedTitle") : pending ? t("receipt.pendingTitle") : t("receipt.title");
  const lead = failed ? t("receipt.failedLead") : pending ? t("receipt.pendingLead") : t("receipt.successLead");
  const Icon = failed ? XCircle : pending ? Clock : CheckCircle2;
  const country = paymentCountry(payment.country);
  const date = (iso: string | null) =>
    iso ? formatDate(iso, { dateStyle: "medium", timeStyle: "short" }) : t("receipt.none");

  return (
    <>
      {/* Printed alone, on one page: app.css hides the rest of the site when printing. */}
      <Card id="payment-receipt" data-testid={`payment-${variant}`} className="mx-auto w-full max-w-xl p-6 sm:p-8">
        {payment.testMode ? (
          <p className="mb-4 rounded-lg bg-red-600 px-3 py-2 text-center text-sm font-bold text-white">
            {t("receipt.testMode")}
          </p>
        ) : null}
        <div className="flex items-start gap-3">
          <Icon
            aria-hidden="true"
            className={cn(
              "mt-1 size-7 shrink-0",
              failed ? "text-red-600" : pending ? "text-blue-600" : "text-green-600",
            )}
          />
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t("receipt.company")}
            </p>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{lead}</p>
          </div>
        </div>
        <p className="mt-6 text-3xl font-bold tabular-nums">{formatAmount(payment.amount, payment.currency)}</p>
        <dl className="mt-4">
          <Row label={t("receipt.status")}>
            <PaymentStatusBadge status={payment.status} />
          </Row>
          {failed && payment.failureReason ? <Row label={t("receipt.reason")}>{payment.failureReason}</Row> : null}
          <Row label={t("receipt.country")}>
            {country ? `${country.flag} ${t(`countries.${country.code}`)}` : payment.country}
          </Row>
          <Row label={t("receipt.provider")}>{payment.providerName ?? t("receipt.none")}</Row>
          <Row label={t("receipt.description")}>{payment.description ?? t("receipt.none")}</Row>
          <Row label={t("receipt.transactionId")} mono>
            {payment.transactionId}
          </Row>
          <Row label={t("receipt.providerTransactionId")} mono>
            {payment.providerTransactionId ?? t("receipt.none")}
          </Row>
          <Row label={t("receipt.date")}>{date(payment.createdAt)}</Row>
          {payment.completedAt ? <Row label={t("receipt.completedAt")}>{date(payment.completedAt)}</Row> : null}
        </dl>
        <div className="no-print mt-6 flex flex-wrap gap-3">
          {!failed && !pending ? (
            <Button type="button" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              {t("receipt.print")}
            </Button>
          ) : null}
          <Link className={buttonClasses(failed ? "primary" : "outline")} to={paths.payment()}>
            {failed ? t("receipt.tryAgain") : t("receipt.newPayment")}
          </Link>
          {failed ? (
            <Link className={buttonClasses("outline")} to={paths.contact()}>
              {t("receipt.contact")}
            </Link>
          ) : null}
        </div>
      </Card>
    </>
  );
}

function Notice({ text }: { text: string }) {
  const { t } = useTranslation("payment");
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <AlertTriangle aria-hidden="true" className="mx-auto size-8 text-warning" />
      <p className="mt-3">{text}</p>
      <Link className={buttonClasses("primary", "md", "mt-5")} to={paths.payment()}>
        {t("receipt.newPayment")}
      </Link>
    </Card>
  );
}
