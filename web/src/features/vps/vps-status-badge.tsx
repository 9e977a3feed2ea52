import { useTranslation } from "react-i18next";
import type { VpsOrderStatus } from "#contracts/vps.ts";
import { cn } from "../../lib/cn.ts";

const styles: Record<VpsOrderStatus, string> = {
  pending_payment: "bg-warning/15 text-amber-800 ring-warning/35 dark:text-warning",
  paid: "bg-primary/10 text-accent-foreground ring-primary/25 dark:bg-primary/15",
  provisioning: "bg-violet-500/10 text-violet-700 ring-violet-500/25 dark:text-violet-300",
  active: "bg-success/10 text-success ring-success/25",
  suspended: "bg-warning/15 text-amber-800 ring-warning/35 dark:text-warning",
  failed: "bg-destructive/10 text-destructive ring-destructive/25",
  refunded: "bg-muted text-muted-foreground ring-border",
  cancelled: "bg-muted text-muted-foreground ring-border",
};

/** A VPS order's state in the admin area (words from the vpsAdmin catalog). */
export function VpsStatusBadge({ status }: { status: VpsOrderStatus }) {
  const { t } = useTranslation("vpsAdmin");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        styles[status],
      )}
      data-testid="vps-status"
    >
      {t(`status.${status}`)}
    </span>
  );
}
