import { useTranslation } from "react-i18next";
import type { DomainOrderStatus } from "#contracts/domain-orders.ts";
import { cn } from "../../lib/cn.ts";

const styles: Record<DomainOrderStatus, string> = {
  pending_payment: "bg-warning/15 text-amber-800 ring-warning/35 dark:text-warning",
  paid: "bg-primary/10 text-accent-foreground ring-primary/25 dark:bg-primary/15",
  registered: "bg-success/10 text-success ring-success/25",
  needs_refund: "bg-destructive/10 text-destructive ring-destructive/25",
  refunded: "bg-muted text-muted-foreground ring-border",
  cancelled: "bg-muted text-muted-foreground ring-border",
};

/** A domain order's state in the admin area (words from the domainsAdmin catalog). */
export function DomainOrderStatusBadge({ status }: { status: DomainOrderStatus }) {
  const { t } = useTranslation("domainsAdmin");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        styles[status],
      )}
      data-testid="domain-order-state"
    >
      {t(`status.${status}`)}
    </span>
  );
}
