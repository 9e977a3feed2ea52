import { useState } from "react";
import { RotateCcw, Undo2 } from "lucide-react";
import type { OrderFulfilment, OrderStepStatus } from "#contracts/orders.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Panel } from "./admin-ui.tsx";
import { formatDateTime, formatRelative } from "./format.ts";

/** The words the panel needs; each order kind's staff catalog has them under `order.fulfilment.*`. */
type FulfilmentKey =
  | "order.fulfilment.title"
  | "order.fulfilment.fulfiller"
  | "order.fulfilment.none"
  | "order.fulfilment.retry"
  | "order.fulfilment.retrying"
  | "order.fulfilment.retryHint"
  | "order.fulfilment.system"
  | "order.fulfilment.refund"
  | "order.fulfilment.refundConfirm"
  | "order.fulfilment.refunding"
  | "order.fulfilment.refundHint"
  | `order.fulfilment.status.${OrderStepStatus}`;

const TONES: Record<OrderStepStatus, BadgeTone> = {
  running: "primary",
  succeeded: "success",
  failed: "warning",
  manual: "neutral",
};

/**
 * Who fulfils an order and every step they took, newest first, with the outside system's answer
 * (a registry's result code and message, a cluster's task status) and a Retry button when the last
 * step failed, and an Approve refund button (asked twice) when the order waits for its refund.
 * Shared by VPS and domain orders.
 */
export function OrderFulfilmentPanel({
  fulfilment,
  t,
  onRetry,
  retrying = false,
  onRefund,
  refunding = false,
  notice,
  testId,
}: {
  fulfilment: OrderFulfilment;
  t: (key: FulfilmentKey) => string;
  onRetry?: () => void;
  retrying?: boolean;
  onRefund?: () => void;
  refunding?: boolean;
  /** A line above the steps (the order waits on the registry, say). */
  notice?: string | null;
  testId: string;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel title={t("order.fulfilment.title")}>
      <p className="text-sm">
        <span className="text-muted-foreground">{t("order.fulfilment.fulfiller")}: </span>
        <span className="font-mono text-foreground">{fulfilment.fulfiller ?? "—"}</span>
      </p>
      {notice ? <p className="mt-3 rounded-md bg-warning/10 p-3 text-sm text-foreground">{notice}</p> : null}
      {fulfilment.canRetry && onRetry ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button size="sm" onClick={onRetry} disabled={retrying}>
            <RotateCcw aria-hidden="true" />
            {retrying ? t("order.fulfilment.retrying") : t("order.fulfilment.retry")}
          </Button>
          <p className="text-xs text-muted-foreground">{t("order.fulfilment.retryHint")}</p>
        </div>
      ) : null}
      {fulfilment.canRefund && onRefund ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {confirming ? (
            <Button
              size="sm"
              variant="destructive"
              onClick={() => {
                setConfirming(false);
                onRefund();
              }}
              disabled={refunding}
            >
              <Undo2 aria-hidden="true" />
              {t("order.fulfilment.refundConfirm")}
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)} disabled={refunding}>
              <Undo2 aria-hidden="true" />
              {refunding ? t("order.fulfilment.refunding") : t("order.fulfilment.refund")}
            </Button>
          )}
          <p className="text-xs text-muted-foreground">{t("order.fulfilment.refundHint")}</p>
        </div>
      ) : null}
      {fulfilment.steps.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("order.fulfilment.none")}</p>
      ) : (
        <ol className="mt-4 grid gap-3 text-sm" data-testid={testId}>
          {[...fulfilment.steps].reverse().map((step) => (
            <li key={step.id} className="border-l-2 pl-3">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs font-medium break-all text-foreground">{step.action}</span>
                <Badge tone={TONES[step.status]}>{t(`order.fulfilment.status.${step.status}`)}</Badge>
              </p>
              {step.answer ? <p className="mt-1 break-words text-muted-foreground">{step.answer}</p> : null}
              <p className="mt-0.5 text-xs text-muted-foreground" title={formatDateTime(step.startedAt)}>
                {step.fulfiller} · {step.actor ?? t("order.fulfilment.system")} · {formatDateTime(step.startedAt)} (
                {formatRelative(step.startedAt)})
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
