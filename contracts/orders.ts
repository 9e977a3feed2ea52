import { z } from "zod";
import { PaymentStatusView } from "./payments.ts";
import { multiline } from "./text.ts";

/** Shapes every order kind (VPS, domain) shares in the API. */

/** What an order's history row records: a status change, or a staff note. */
export const ORDER_EVENT_KINDS = ["status", "note"] as const;

/** One line of an order's history: a status move or a staff note. */
export const OrderEvent = z.object({
  id: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  body: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** POST /api/admin/<kind>/orders/:id/notes: a staff note on any order. */
export const AddOrderNote = z.object({ body: multiline(z.string().trim().min(1).max(5000)) });
export type AddOrderNote = z.infer<typeof AddOrderNote>;

/** A page of an admin order list, with how many orders each status holds. */
export function orderPage<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    counts: z.record(z.string(), z.number()),
  });
}

export const ORDER_STEP_STATUSES = ["running", "succeeded", "failed", "manual"] as const;
export const OrderStepStatus = z.enum(ORDER_STEP_STATUSES);
export type OrderStepStatus = z.infer<typeof OrderStepStatus>;

/**
 * One step a fulfiller took for an order (clone a VM, create a domain at the registry, send a
 * refund): when, how it ended, and what the outside system answered. "manual": handed to staff.
 */
export const OrderStep = z.object({
  id: z.string(),
  /** Who did it: "proxmox:kigali", "epp:rw", "pawapay", "manual". */
  fulfiller: z.string(),
  action: z.string(),
  status: OrderStepStatus,
  answer: z.string().nullable(),
  /** The member of staff who retried it; null when the order flow ran it. */
  actor: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type OrderStep = z.infer<typeof OrderStep>;

/** An order's fulfilment as staff see it: who handles it, every step, and whether a failed one may be retried. */
export const OrderFulfilment = z.object({
  fulfiller: z.string().nullable(),
  steps: z.array(OrderStep),
  /** The last step failed (or was handed to staff) and the order is where a retry can pick it up. */
  canRetry: z.boolean(),
  /**
   * The order waits for its refund (domain: needs refund; VPS: failed), its payment completed, and
   * no refund is under way: staff may approve one, sent through the payment provider.
   */
  canRefund: z.boolean(),
});
export type OrderFulfilment = z.infer<typeof OrderFulfilment>;

/** The payments of an order, newest first, as its customer's page shows them (with their receipts). */
export const OrderPayments = z.array(PaymentStatusView);

/** Paying an order again: the payment page to send the customer to. */
export const OrderPaymentStarted = z.object({ redirectUrl: z.string() });
export type OrderPaymentStarted = z.infer<typeof OrderPaymentStarted>;
