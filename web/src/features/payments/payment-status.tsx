import { useTranslation } from "react-i18next";
import { paymentStatusDisplay, type StatusColour } from "#contracts/payments.ts";
import { cn } from "../../lib/cn.ts";

const colours: Record<StatusColour, string> = {
  blue: "bg-blue-50 text-blue-800 ring-blue-200 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800",
  green: "bg-green-50 text-green-800 ring-green-200 dark:bg-green-950 dark:text-green-200 dark:ring-green-800",
  red: "bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800",
  grey: "bg-muted text-muted-foreground ring-border",
};

/** The spec's status table: label and colour per status; others as received, grey; none when ready. */
export function PaymentStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const { t } = useTranslation("payment");
  const display = paymentStatusDisplay(status);
  if (!display || !status) return null;
  const label = t(`statusLabels.${status}` as "statusLabels.PENDING", { defaultValue: display.label });
  return (
    <span
      data-testid="payment-status"
      data-colour={display.colour}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset",
        colours[display.colour],
        className,
      )}
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-current" />
      {label}
    </span>
  );
}
