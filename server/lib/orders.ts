import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { defaultLanguage, isLanguage, type Language } from "#contracts/languages.ts";
import type { OrderEvent, OrderStep, OrderStepStatus } from "#contracts/orders.ts";
import { paymentCountries, type PaymentStatusView } from "#contracts/payments.ts";
import type { Database } from "../db/client.ts";
import { orderSteps } from "../db/schema.ts";
import { type AuditActor, recordAudit } from "./audit.ts";

/** What VPS and domain orders share on the server: references, links, history rows. */

/** No 0/O or 1/I: a reference people read out on the phone. */
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The six characters of an order reference (`VPS-XXXXXX`, `DOM-XXXXXX`). */
export function newReferenceCode(): string {
  return Array.from(randomBytes(6), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("");
}

/** The secret in an order page's link: 24 random bytes, base64url. */
export function newAccessToken(): string {
  return randomBytes(24).toString("base64url");
}

/** A history row of any order table (VPS, domain) as the API shows it. */
export function toOrderEvent(row: {
  id: number | string;
  kind: OrderEvent["kind"];
  fromStatus: string | null;
  toStatus: string | null;
  body: string | null;
  actorUsername: string | null;
  createdAt: Date;
}): OrderEvent {
  return {
    id: String(row.id),
    kind: row.kind,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    body: row.body,
    actor: row.actorUsername,
    createdAt: row.createdAt.toISOString(),
  };
}

export type OrderStepRow = typeof orderSteps.$inferSelect;

/** A step under way: end it once, with the outside system's answer. */
export interface StepHandle {
  readonly id: number;
  succeed(answer: string, detail?: unknown): Promise<void>;
  fail(answer: string, detail?: unknown): Promise<void>;
  /** Handed to staff: the fulfiller could not do it (and says why). */
  manual(answer: string, detail?: unknown): Promise<void>;
}

/**
 * Writes an order's fulfilment steps as they happen, each in its own statement (steps wait on the
 * network, so they never sit inside an order's transaction). A fulfiller that is retried reads the
 * earlier steps (`previous`) to pick up where it stopped instead of starting over.
 */
export interface StepRecorder {
  start(action: string, detail?: unknown): Promise<StepHandle>;
  previous(): Promise<OrderStepRow[]>;
}

export function stepRecorder(
  db: Database,
  order: { orderType: string; orderId: string },
  fulfiller: string,
  actorUsername: string | null = null,
): StepRecorder {
  const finish =
    (id: number) => async (status: Exclude<OrderStepStatus, "running">, answer: string, detail?: unknown) => {
      await db
        .update(orderSteps)
        .set({
          status,
          answer,
          finishedAt: new Date(),
          ...(detail === undefined ? {} : { detail: detail as object }),
        })
        .where(eq(orderSteps.id, id));
    };
  return {
    async start(action, detail) {
      const [row] = await db
        .insert(orderSteps)
        .values({
          orderType: order.orderType,
          orderId: order.orderId,
          fulfiller,
          action,
          status: "running",
          detail: detail === undefined ? null : (detail as object),
          actorUsername,
        })
        .returning({ id: orderSteps.id });
      const end = finish(row!.id);
      return {
        id: row!.id,
        succeed: (answer, more) => end("succeeded", answer, more),
        fail: (answer, more) => end("failed", answer, more),
        manual: (answer, more) => end("manual", answer, more),
      };
    },
    previous: () => listOrderSteps(db, order.orderType, order.orderId),
  };
}

export async function listOrderSteps(db: Database, orderType: string, orderId: string): Promise<OrderStepRow[]> {
  return db
    .select()
    .from(orderSteps)
    .where(and(eq(orderSteps.orderType, orderType), eq(orderSteps.orderId, orderId)))
    .orderBy(asc(orderSteps.id));
}

/** The steps of several orders of one type, by order id, in the order they were taken: one query for a list page. */
export async function listOrderStepsOf(
  db: Database,
  orderType: string,
  orderIds: readonly string[],
): Promise<Map<string, OrderStepRow[]>> {
  const byOrder = new Map<string, OrderStepRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderSteps)
    .where(and(eq(orderSteps.orderType, orderType), inArray(orderSteps.orderId, [...orderIds])))
    .orderBy(asc(orderSteps.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** A step as the admin API shows it (the structured detail stays on the server). */
export function toOrderStep(row: OrderStepRow): OrderStep {
  return {
    id: String(row.id),
    fulfiller: row.fulfiller,
    action: row.action,
    status: row.status,
    answer: row.answer,
    actor: row.actorUsername,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Ends a step started earlier (by another request or instance), once: a finished step stays as it ended. */
export async function finishOrderStep(
  db: Database,
  id: number,
  status: Exclude<OrderStepStatus, "running">,
  answer: string,
): Promise<void> {
  await db
    .update(orderSteps)
    .set({ status, answer, finishedAt: new Date() })
    .where(and(eq(orderSteps.id, id), eq(orderSteps.status, "running")));
}

/** The step that records a refund sent through the payment provider. */
export const REFUND_STEP = "refund";

/**
 * Whether staff may approve a refund: the order waits for one, was paid, and no refund is running
 * or done (a failed one may be tried again).
 */
export function refundable(waitsForRefund: boolean, paid: boolean, rows: readonly OrderStepRow[]): boolean {
  const last = rows.findLast((step) => step.action === REFUND_STEP);
  return waitsForRefund && paid && (!last || last.status === "failed");
}

/** The last step, when it failed or was handed to staff: what a retry button would run again. */
export function lastUnfinishedStep(rows: readonly OrderStepRow[]): OrderStepRow | null {
  const last = rows.at(-1);
  return last && (last.status === "failed" || last.status === "manual") ? last : null;
}

/**
 * What an ordering capability (VPS, domains, their renewals) needs from payments: "pay for
 * this", "tell me when it is paid", "where does its customer come back to", "what was paid".
 * The payments service is one.
 */
export interface OrderPayments {
  createHostedPayment(
    input: {
      phoneNumber: string;
      amount: number;
      currency: string;
      country: string;
      description: string;
      email?: string | undefined;
      ipAddress?: string;
      orderType?: string;
      orderRef?: string;
    },
    language?: Language,
  ): Promise<{ transactionId: string; redirectUrl: string }>;
  onOrderPaid(orderType: string, handler: (db: Database, payment: OrderPayment) => Promise<void>): void;
  onOrderReturn(orderType: string, resolver: (orderRef: string) => Promise<string | null>): void;
  paymentsForOrder(orderType: string, orderRef: string): Promise<PaymentStatusView[]>;
  /** Who sends refunds (an order step's fulfiller): "pawapay", or "test-payments" in test mode. */
  readonly refundFulfiller: string;
  /** Sends an order's completed payment back; the outcome arrives through onOrderRefund. */
  refundOrderPayment(input: {
    orderType: string;
    orderRef: string;
    depositId: string;
    createdBy: string;
    ipAddress?: string | undefined;
  }): Promise<{ id: string; status: string }>;
  onOrderRefund(orderType: string, handler: (db: Database, outcome: OrderRefundOutcome) => Promise<void>): void;
}

/** A completed payment of an order, as the payments capability tells the order's kind. */
export interface OrderPayment {
  orderRef: string;
  transactionId: string;
  amount: string;
  currency: string;
}

/**
 * The order a completed payment is for, read under its row lock, when it is waiting for that
 * payment; null when there is nothing to move. No such order is logged. An order no longer
 * waiting (paid twice, or paid after a cancellation) does not move either: it is logged and
 * `paidUnexpectedly` writes what the kind keeps of it (a history note, a word to staff), since
 * staff must refund the payment. A payment of another amount or currency is logged, and counts.
 */
export async function orderAwaitingPayment<O extends { id: string; status: string; amount: string; currency: string }>(
  tx: Database,
  payment: OrderPayment,
  kind: {
    /** How the log names the order kind: "VPS", "domain". */
    label: string;
    find: (db: Database, id: string, forUpdate: boolean) => Promise<O | null>;
    log: FastifyBaseLogger;
    paidUnexpectedly: (tx: Database, order: O) => Promise<unknown>;
  },
): Promise<O | null> {
  const order = await kind.find(tx, payment.orderRef, true);
  if (!order) {
    kind.log.error(
      { orderRef: payment.orderRef, transactionId: payment.transactionId },
      `payment completed for a ${kind.label} order that does not exist`,
    );
    return null;
  }
  if (order.status !== "pending_payment") {
    kind.log.error(
      { orderId: order.id, status: order.status, transactionId: payment.transactionId },
      `payment completed for a ${kind.label} order not waiting for one; refund it`,
    );
    await kind.paidUnexpectedly(tx, order);
    return null;
  }
  if (Number(payment.amount) !== Number(order.amount) || payment.currency !== order.currency) {
    kind.log.error(
      { orderId: order.id, paid: payment.amount, expected: order.amount },
      `${kind.label} order paid a different amount`,
    );
  }
  return order;
}

/** How a refund of an order's payment ended: the order moves to refunded, or staff look again. */
export interface OrderRefundOutcome {
  orderRef: string;
  refundId: string;
  depositId: string;
  status: "COMPLETED" | "FAILED";
  amount: string;
  currency: string;
  /** Who sent it: "pawapay", or "test-payments" in test mode (an order step's fulfiller). */
  fulfiller: string;
  /** The provider's own words: status, its transaction id or its failure code and message. */
  answer: string;
}

/**
 * Staff approved a refund of an order: a "refund" step (the provider is its fulfiller) starts, then
 * the refund is sent. The step ends when the refund does (see `endRefundStep`); a refund that
 * cannot even start ends it at once with the reason.
 */
/**
 * Claims an order's refund inside the caller's transaction, which holds the order's row lock:
 * the running refund step it records makes `refundable` false for every approval after it, so
 * of many parallel approvals exactly one goes on (issue 16's race tests). Returns the step's id.
 */
export async function claimOrderRefund(
  tx: Database,
  order: { orderType: string; orderId: string },
  fulfiller: string,
  actorUsername: string | null,
): Promise<number> {
  return (await stepRecorder(tx, order, fulfiller, actorUsername).start(REFUND_STEP)).id;
}

/** Sends the refund an approval claimed (claimOrderRefund); its step fails with the error if sending does. */
export async function startOrderRefund(
  db: Database,
  payments: OrderPayments,
  order: { orderType: string; orderId: string; depositId: string },
  actor: { id: string; username: string | null },
  claimedStepId: number,
  ipAddress?: string,
): Promise<{ id: string; status: string }> {
  try {
    return await payments.refundOrderPayment({
      orderType: order.orderType,
      orderRef: order.orderId,
      depositId: order.depositId,
      createdBy: actor.id,
      ipAddress,
    });
  } catch (error) {
    await finishOrderStep(db, claimedStepId, "failed", error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** What an order kind tells `approveOrderRefund` about the order it just locked. */
export interface LockedForRefund {
  reference: string;
  amount: string;
  currency: string;
  paymentTransactionId: string | null;
  /** The order is in the state that waits for a refund (needs_refund, failed...). */
  waitsForRefund: boolean;
}

/**
 * Staff approve the refund of an order (a VPS or domain order, a renewal): under the order's row
 * lock (`lock` reads it `for update`), the approval is audited, `onClaimed` records what the order
 * kind keeps (a history note), and a running refund step claims it, so of parallel approvals exactly
 * one goes on and every later one gets `notRefundable`. The refund is then sent (startOrderRefund);
 * its outcome arrives through the order kind's onOrderRefund.
 */
export async function approveOrderRefund(
  db: Database,
  payments: OrderPayments,
  order: { orderType: string; orderId: string; auditAction: string; targetType: string },
  hooks: {
    lock: (tx: Database) => Promise<LockedForRefund | null>;
    notFound: () => Error;
    notRefundable: () => Error;
    onClaimed?: (tx: Database) => Promise<unknown>;
  },
  actor: AuditActor,
  ipAddress?: string,
): Promise<void> {
  const { depositId, stepId } = await db.transaction(async (tx) => {
    const locked = await hooks.lock(tx);
    if (!locked) throw hooks.notFound();
    const steps = await listOrderSteps(tx, order.orderType, order.orderId);
    if (!refundable(locked.waitsForRefund, locked.paymentTransactionId !== null, steps)) throw hooks.notRefundable();
    await recordAudit(tx, {
      actor,
      action: order.auditAction,
      targetType: order.targetType,
      targetId: order.orderId,
      details: { reference: locked.reference, amount: locked.amount, currency: locked.currency },
      ...(ipAddress ? { ipAddress } : {}),
    });
    await hooks.onClaimed?.(tx);
    const stepId = await claimOrderRefund(tx, order, payments.refundFulfiller, actor.username);
    return { depositId: locked.paymentTransactionId!, stepId };
  });
  await startOrderRefund(
    db,
    payments,
    { orderType: order.orderType, orderId: order.orderId, depositId },
    { id: actor.id!, username: actor.username },
    stepId,
    ipAddress,
  );
}

/** A refund ended: its order's running "refund" step ends with the provider's answer. */
export async function endRefundStep(db: Database, orderType: string, outcome: OrderRefundOutcome): Promise<void> {
  const rows = await listOrderSteps(db, orderType, outcome.orderRef);
  const running = rows.findLast((step) => step.action === REFUND_STEP && step.status === "running");
  if (running)
    await finishOrderStep(db, running.id, outcome.status === "COMPLETED" ? "succeeded" : "failed", outcome.answer);
}

/** The order (or renewal) being paid for: who pays, how much, in which language they come back. */
export interface PayableOrder {
  id: string;
  phoneNumber: string;
  amount: string;
  currency: string;
  email: string;
  language: string;
}

/** Opens the payment page for an order of this kind; resolves with where to send the customer. */
export type PayOrder<O extends PayableOrder> = (
  order: O,
  ipAddress: string | undefined,
) => Promise<{ transactionId: string; redirectUrl: string }>;

/**
 * "Pay for this", the one way every order kind opens a mobile-money payment page: in the order's
 * currency (its country follows), for the order's email (the receipt goes there) and language
 * (the customer comes back to a page in it). Registers where a customer lands after paying, and
 * records the payment's transaction on the order once the page is open.
 */
export function orderCheckout<O extends PayableOrder>(
  payments: OrderPayments,
  kind: {
    orderType: string;
    /** The page a customer comes back to after paying an order, or null for an unknown id. */
    returnTo: (orderId: string) => Promise<string | null>;
    /** The statement line (mobile money allows 22 letters, digits and spaces). */
    description: (order: O) => string;
    /** Stores the transaction on the order. */
    record: (order: O, transactionId: string) => Promise<unknown>;
  },
): PayOrder<O> {
  payments.onOrderReturn(kind.orderType, kind.returnTo);
  return async (order, ipAddress) => {
    const country = paymentCountries.find((c) => c.currency === order.currency);
    if (!country) throw new Error(`no mobile-money country pays in ${order.currency}`);
    const payment = await payments.createHostedPayment(
      {
        phoneNumber: order.phoneNumber,
        amount: Number(order.amount),
        currency: order.currency,
        country: country.code,
        description: kind.description(order),
        email: order.email,
        orderType: kind.orderType,
        orderRef: order.id,
        ...(ipAddress ? { ipAddress } : {}),
      },
      isLanguage(order.language) ? order.language : defaultLanguage,
    );
    await kind.record(order, payment.transactionId);
    return payment;
  };
}

/**
 * `orderCheckout` for an order kind with its own page behind a secret link (VPS, domain): after
 * paying, the customer comes back to that page, in the order's language.
 */
export function linkedOrderCheckout<O extends PayableOrder & { accessToken: string }>(
  db: Database,
  payments: OrderPayments,
  kind: {
    orderType: string;
    findById: (db: Database, id: string) => Promise<O | null>;
    update: (db: Database, id: string, changes: { paymentTransactionId: string }) => Promise<unknown>;
    /** The customer's link to the order. */
    orderUrl: (token: string, language: string) => string;
    description: (order: O) => string;
  },
): PayOrder<O> {
  return orderCheckout<O>(payments, {
    orderType: kind.orderType,
    returnTo: async (orderId) => {
      const order = await kind.findById(db, orderId);
      return order ? kind.orderUrl(order.accessToken, order.language) : null;
    },
    description: kind.description,
    record: (order, transactionId) => kind.update(db, order.id, { paymentTransactionId: transactionId }),
  });
}

/** The history line and email an order kind writes when an order is placed or paid. */
export interface OrderRecordKind<O> {
  addEvent(
    tx: Database,
    event: { orderId: string; kind: "status"; fromStatus: string | null; toStatus: string; body?: string },
  ): Promise<unknown>;
  notify(tx: Database, order: O, kind: "received" | "paid"): Promise<unknown>;
}

/**
 * Stores a new order waiting for payment (`insert`), with its first history line and its
 * "received" email in the same transaction, then opens its payment page.
 */
export async function placeOrder<O extends PayableOrder & { reference: string; accessToken: string }>(
  db: Database,
  kind: OrderRecordKind<O> & {
    pay: PayOrder<O>;
    /** The customer's link to the order. */
    orderUrl: (token: string, language: string) => string;
    /** Email was queued (the outbox sends it at once). */
    queued: () => void;
  },
  insert: (tx: Database) => Promise<O>,
  ipAddress: string | undefined,
): Promise<{ token: string; reference: string; orderUrl: string; redirectUrl: string }> {
  const order = await db.transaction(async (tx) => {
    const row = await insert(tx);
    await kind.addEvent(tx, { orderId: row.id, kind: "status", fromStatus: null, toStatus: "pending_payment" });
    await kind.notify(tx, row, "received");
    return row;
  });
  kind.queued();
  const payment = await kind.pay(order, ipAddress);
  return {
    token: order.accessToken,
    reference: order.reference,
    orderUrl: kind.orderUrl(order.accessToken, order.language),
    redirectUrl: payment.redirectUrl,
  };
}

/** Another payment page for an order still waiting for payment (the first was abandoned or failed). */
export async function payAgain<O extends PayableOrder & { status: string }>(
  order: O | null,
  kind: {
    pay: PayOrder<O>;
    notFound: () => Error;
    notPayable: (order: O) => Error;
    /** What must still hold before money moves (the domain's registry is asked again). */
    beforePaying?: (order: O) => Promise<unknown>;
  },
  ipAddress: string | undefined,
): Promise<{ redirectUrl: string }> {
  if (!order) throw kind.notFound();
  if (order.status !== "pending_payment") throw kind.notPayable(order);
  await kind.beforePaying?.(order);
  const { redirectUrl } = await kind.pay(order, ipAddress);
  return { redirectUrl };
}

/**
 * Marks an order waiting for payment paid (compare-and-set, with `changes` of its own kind), with
 * its history line and the customer's "paid" email. Null: another delivery of the payment got there first.
 */
export async function markOrderPaid<O>(
  tx: Database,
  payment: OrderPayment,
  kind: OrderRecordKind<O> & {
    move(
      tx: Database,
      id: string,
      from: "pending_payment",
      to: "paid",
      changes: { paidAt: Date; paymentTransactionId: string },
    ): Promise<O | null>;
  },
  order: { id: string; history: string; changes?: object },
): Promise<O | null> {
  const paid = await kind.move(tx, order.id, "pending_payment", "paid", {
    paidAt: new Date(),
    paymentTransactionId: payment.transactionId,
    ...order.changes,
  });
  if (!paid) return null;
  await kind.addEvent(tx, {
    orderId: order.id,
    kind: "status",
    fromStatus: "pending_payment",
    toStatus: "paid",
    body: order.history,
  });
  await kind.notify(tx, paid, "paid");
  return paid;
}

/** How staff's note and refund approval reach an order kind's rows and history. */
export interface StaffOrderKind<Row extends Omit<LockedForRefund, "waitsForRefund">, Event> {
  orderType: string;
  /** The audit entries' target (`vps_order`) and action prefix (`vps.order`). */
  targetType: string;
  auditPrefix: string;
  find: (db: Database, id: string, forUpdate?: boolean) => Promise<Row | null>;
  addEvent: (
    db: Database,
    event: { orderId: string; kind: "note"; body: string; actorUsername: string | null },
  ) => Promise<Event>;
  /** The order is in the state that waits for a refund. */
  waitsForRefund: (order: Row) => boolean;
  notFound: () => Error;
  notRefundable: () => Error;
  /** The history line an approval writes. */
  refundApproved: (fulfiller: string) => string;
}

/** What staff do the same way to an order of any kind: write a note, approve a refund. */
export function staffOrderActions<Row extends Omit<LockedForRefund, "waitsForRefund">, Event>(
  db: Database,
  payments: OrderPayments,
  kind: StaffOrderKind<Row, Event>,
) {
  return {
    /** A staff note in the order's history (audited). Null: no such order. */
    async addNote(id: string, body: string, actor: AuditActor, ipAddress?: string): Promise<Event | null> {
      return db.transaction(async (tx) => {
        const order = await kind.find(tx, id);
        if (!order) return null;
        const row = await kind.addEvent(tx, { orderId: id, kind: "note", body, actorUsername: actor.username });
        await recordAudit(tx, {
          actor,
          action: `${kind.auditPrefix}.note`,
          targetType: kind.targetType,
          targetId: id,
          ...(ipAddress ? { ipAddress } : {}),
        });
        return row;
      });
    },

    /**
     * Staff approve the refund of an order that waits for one: it is sent through the payment
     * provider under its own id (audited); the order moves to refunded once the provider confirms.
     */
    async approveRefund(id: string, actor: AuditActor, ipAddress?: string): Promise<void> {
      await approveOrderRefund(
        db,
        payments,
        {
          orderType: kind.orderType,
          orderId: id,
          auditAction: `${kind.auditPrefix}.refund`,
          targetType: kind.targetType,
        },
        {
          lock: async (tx) => {
            const order = await kind.find(tx, id, true);
            return order && { ...order, waitsForRefund: kind.waitsForRefund(order) };
          },
          notFound: kind.notFound,
          notRefundable: kind.notRefundable,
          onClaimed: (tx) =>
            kind.addEvent(tx, {
              orderId: id,
              kind: "note",
              body: kind.refundApproved(payments.refundFulfiller),
              actorUsername: actor.username,
            }),
        },
        actor,
        ipAddress,
      );
    },
  };
}
