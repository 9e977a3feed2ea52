import { CheckCircle2, Clock, Receipt, XCircle } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isFinalStatus, type PaymentStatusView } from "#contracts/payments.ts";
import { Card } from "../../components/ui/card.tsx";
import { Link } from "../../i18n/link.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDate, formatNumber } from "../../lib/intl.ts";
import { usePaymentStatus } from "./payment-details.tsx";
import { PaymentStatusBadge } from "./payment-status.tsx";

const amountText = (payment: Pick<PaymentStatusView, "amount" | "currency">) =>
  `${formatNumber(Number(payment.amount), { maximumFractionDigits: 2 })} ${payment.currency}`;

/**
 * The payment the customer just came back from (`?payment=<id>` on an order's page): received,
 * still being confirmed (followed every few seconds until it settles), or not gone through.
 */
export function ReturnedPayment({ transactionId, onSettled }: { transactionId: string; onSettled: () => void }) {
  const { t } = useTranslation("payment");
  const query = usePaymentStatus(transactionId);
  const status = query.data?.status;
  const final = status ? isFinalStatus(status) : false;
  useEffect(() => {
    if (final) onSettled();
  }, [final, onSettled]);
  if (!query.data) return null;
  const payment = query.data;
  const failed = payment.status === "FAILED" || payment.status === "TIMEOUT";
  const done = payment.status === "COMPLETED";
  const Icon = done ? CheckCircle2 : failed ? XCircle : Clock;
  const values = { amount: amountText(payment), provider: payment.providerName ?? t("orderPayments.mobileMoney") };
  return (
    <div
      role="status"
      data-testid="returned-payment"
      className={cn(
        "flex items-start gap-3 rounded-lg border p-4 text-sm",
        done && "border-success/40 bg-success/10",
        failed && "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950",
        !done && !failed && "border-primary/30 bg-primary/5",
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          "mt-0.5 size-5 shrink-0",
          done ? "text-success" : failed ? "text-red-600 dark:text-red-400" : "text-primary",
        )}
      />
      <p className="text-foreground">
        {done
          ? t("orderPayments.returnedDone", values)
          : failed
            ? t("orderPayments.returnedFailed", {
                ...values,
                reason: payment.failureReason ?? t("validation.paymentFailedFallback"),
              })
            : t("orderPayments.returnedPending", values)}
      </p>
    </div>
  );
}

/** An order's payments, newest first, each with its receipt. */
export function OrderPayments({ payments }: { payments: readonly PaymentStatusView[] }) {
  const { t } = useTranslation("payment");
  if (payments.length === 0) return null;
  return (
    <Card className="p-5 sm:p-6" data-testid="order-payments">
      <h2 className="text-lg font-bold text-foreground">{t("orderPayments.title")}</h2>
      <ul className="mt-3 divide-y">
        {payments.map((payment) => (
          <li key={payment.transactionId} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-foreground tabular-nums">{amountText(payment)}</p>
              <p className="text-muted-foreground">
                {[
                  payment.providerName,
                  formatDate(payment.completedAt ?? payment.createdAt, { dateStyle: "medium", timeStyle: "short" }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <PaymentStatusBadge status={payment.status} className="text-xs" />
            <Link
              to={`/payment/receipt?transactionId=${payment.transactionId}`}
              className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Receipt aria-hidden="true" className="size-4" />
              {payment.status === "COMPLETED" ? t("orderPayments.receipt") : t("orderPayments.details")}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
