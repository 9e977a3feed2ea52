import { CheckCircle2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import type { TFunction } from "i18next";
import { paymentMessageCode, type PaymentResult } from "#contracts/payments.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { paths } from "../../lib/route-table.ts";

/**
 * The reason a payment failed, in the page's language: the contract's English by code, the
 * server's words (written in the page's language) as they came, ours when there are none.
 */
export function paymentErrorText(t: TFunction<"payment">, error: string | undefined): string {
  if (!error) return t("validation.paymentFailedFallback");
  const code = paymentMessageCode(error);
  return code ? t(`validation.${code}`) : error;
}

/** The result the payment flow sent back in the address (spec section 2, Payment page). */
export function PaymentResultCard({ result, onDismiss }: { result: PaymentResult; onDismiss: () => void }) {
  const { t } = useTranslation("payment");
  const Icon = result.success ? CheckCircle2 : XCircle;
  const detailsPath = result.success ? paths.paymentReceipt() : paths.paymentFailed();
  return (
    <Card
      role="status"
      data-testid="payment-result"
      className={cn(
        "p-6",
        result.success ? "border-green-300 dark:border-green-800" : "border-red-300 dark:border-red-800",
      )}
    >
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden="true"
          className={cn("mt-0.5 size-6 shrink-0", result.success ? "text-green-600" : "text-red-600")}
        />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold">
            {result.success ? t("result.successTitle") : t("result.failedTitle")}
          </h2>
          <dl className="mt-3 grid gap-2 text-sm">
            {result.transactionId ? (
              <div className="flex flex-wrap gap-x-2">
                <dt className="text-muted-foreground">{t("result.transactionId")}</dt>
                <dd className="font-mono break-all">{result.transactionId}</dd>
              </div>
            ) : null}
            {result.status ? (
              <div className="flex flex-wrap gap-x-2">
                <dt className="text-muted-foreground">{t("result.status")}</dt>
                <dd className="font-medium">{result.status}</dd>
              </div>
            ) : null}
            {!result.success ? (
              <div className="flex flex-wrap gap-x-2">
                <dt className="text-muted-foreground">{t("result.error")}</dt>
                <dd>{paymentErrorText(t, result.error)}</dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-4 flex flex-wrap gap-3">
            {result.transactionId ? (
              <Link
                className={buttonClasses("outline", "sm")}
                to={`${detailsPath}?transactionId=${encodeURIComponent(result.transactionId)}`}
              >
                {result.success ? t("result.viewReceipt") : t("result.viewDetails")}
              </Link>
            ) : null}
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              {t("result.dismiss")}
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}
