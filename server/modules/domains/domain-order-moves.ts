import { canMoveDomainOrder, type DomainOrderStatus } from "#contracts/domain-orders.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { stepRecorder } from "../../lib/orders.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import { DOMAIN_ORDER_TYPE } from "./domain-order-checkout.ts";
import { dt, type DomainOrderEmails } from "./domain-order-emails.ts";
import { addEvent, moveOrder, type DomainOrderRow } from "./domain-order-repository.ts";

/** Who moved an order when nobody signed in did: the payment, the after-payment check, a registrar. */
export const SYSTEM: AuditActor = { id: null, username: null };

export function addYears(date: Date, years: number): Date {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

/** A step staff did by hand, written in the transaction that records it. */
export async function staffStep(
  tx: Database,
  orderId: string,
  action: string,
  actor: AuditActor,
  answer: string,
  detail?: object,
) {
  const step = await stepRecorder(tx, { orderType: DOMAIN_ORDER_TYPE, orderId }, "manual", actor.username).start(
    action,
    detail,
  );
  await step.succeed(answer);
}

export interface MoveOptions {
  actor: AuditActor;
  body?: string | null;
  reason?: string | undefined;
  changes?: Partial<DomainOrderRow>;
  ipAddress?: string | undefined;
  extra?: Record<string, unknown>;
}

/** One step of the state machine inside a transaction: compare-and-set, history, audit (staff), email. */
export type MoveIn = (
  tx: Database,
  order: DomainOrderRow,
  to: DomainOrderStatus,
  options: MoveOptions,
) => Promise<DomainOrderRow>;

export function domainOrderMoves({ notify }: Pick<DomainOrderEmails, "notify">): MoveIn {
  return async function moveIn(tx, order, to, options) {
    const from = order.status as DomainOrderStatus;
    // Only a completed payment marks an order paid; staff cannot.
    if (!canMoveDomainOrder(from, to) || to === "paid") {
      throw new AppError(
        "invalid_transition",
        dt("cannotMove", { from: dt(`status.${from}`), to: dt(`status.${to}`) }),
        409,
      );
    }
    const moved = await moveOrder(tx, order.id, from, to, options.changes ?? {});
    if (!moved)
      throw new AppError("conflict", dt("cannotMove", { from: dt(`status.${from}`), to: dt(`status.${to}`) }), 409);
    await addEvent(tx, {
      orderId: order.id,
      kind: "status",
      fromStatus: from,
      toStatus: to,
      body: options.body ?? options.reason ?? null,
      actorUsername: options.actor.username,
    });
    if (options.actor.id !== null) {
      await recordAudit(tx, {
        actor: options.actor,
        action: "domain.order.status",
        targetType: "domain_order",
        targetId: order.id,
        details: {
          from,
          to,
          reference: order.reference,
          domain: order.domainName,
          ...(options.changes?.registryReference ? { registryReference: options.changes.registryReference } : {}),
          ...(options.reason ? { reason: options.reason } : {}),
        },
        ...(options.ipAddress ? { ipAddress: options.ipAddress } : {}),
      });
    }
    const reason = options.reason
      ? dt("email.reasonLine", { reason: options.reason.replace(/\.$/, ""), lng: moved.language })
      : "";
    await notify(tx, moved, to, {
      reason,
      expiresAt: moved.expiresAt?.toISOString().slice(0, 10) ?? "",
      ...options.extra,
    });
    return moved;
  };
}
