import type { FastifyBaseLogger } from "fastify";
import {
  canMoveDomainOrder,
  DOMAIN_ORDER_TRANSITIONS,
  type DomainOrderDetail,
  type DomainOrderEvent,
  type DomainOrderStatus,
  type DomainOrderSummary,
  type DomainQuote,
} from "#contracts/domain-orders.ts";
import type { DomainCurrency } from "#contracts/domains.ts";
import { DOMAIN_RENEWAL_MAX_YEARS } from "#contracts/renewals.ts";
import type { z } from "zod";
import type { DomainTransitionRequest } from "#contracts/domain-orders.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import {
  endRefundStep,
  lastUnfinishedStep,
  orderAwaitingPayment,
  listOrderSteps,
  refundable,
  orderCheckout,
  stepRecorder,
  toOrderEvent,
  toOrderStep,
  type OrderPayments,
  type OrderStepRow,
  staffOrderActions,
} from "../../lib/orders.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import type { AvailabilityChecker } from "./availability-service.ts";
import {
  addEvent,
  claimAttempt,
  findOrderById,
  ordersDueForAttempt,
  pendingOrderFor,
  listOrders,
  moveOrder,
  orderEvents,
  ordersAwaitingRecheck,
  updateOrder,
  type DomainOrderRow,
} from "./domain-order-repository.ts";
import type { DomainPriceService } from "./domain-price-service.ts";
import { DOMAIN_ORDER_TYPE, domainOrderCheckout, iso, REGISTRAR_ACTOR } from "./domain-order-checkout.ts";
import { day, domainOrderEmails, dt, nameserversOf, orderUrl, st } from "./domain-order-emails.ts";
import type { Registrar, RegistrationResult, RenewalResult } from "./registrar.ts";

/** Who moved an order when nobody signed in did: the payment, the after-payment check, a registrar. */
const SYSTEM: AuditActor = { id: null, username: null };

/** A registration the registry could not take is tried again after 1, 2, 4... minutes, at most every 30. */
export const retryDelayMs = (attempts: number) => Math.min(30, 2 ** Math.max(0, attempts - 1)) * 60_000;
/** A registration the registry left pending is looked at again this often, if no poll message ended it. */
const PENDING_RECHECK_MS = 30 * 60_000;
/** An instance that took an attempt holds it this long (it crashed if the order is still paid after). */
const ATTEMPT_LEASE_MS = 10 * 60_000;

/** Steps in `order_steps` of domain orders carry this order type. */
const STEP_ORDER_TYPE = DOMAIN_ORDER_TYPE;

/** The renewal staff were asked to do by hand and have not recorded yet: the last "renew" step, handed to them. */
function waitingRenewal(steps: readonly OrderStepRow[]): OrderStepRow | null {
  const last = steps.findLast((step) => step.action === "renew");
  return last?.status === "manual" ? last : null;
}
const detailOf = (step: OrderStepRow) => (step.detail ?? {}) as { renewalId?: string; years?: number };

/** A renewal that took effect: the caller's renewal order can move on in the same transaction. */
export interface DomainRenewed {
  orderId: string;
  renewalId: string;
  expiresAt: Date;
}
export type DomainRenewedHandler = (tx: Database, renewed: DomainRenewed) => Promise<void>;

function addYears(date: Date, years: number): Date {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

export function toSummary(row: DomainOrderRow): DomainOrderSummary {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as DomainOrderStatus,
    domain: row.domainName,
    unicodeDomain: row.unicodeName,
    years: row.years,
    customerName: row.customerName,
    email: row.email,
    currency: row.currency,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
  };
}

export type DomainOrderService = ReturnType<typeof domainOrderService>;

export function domainOrderService(deps: {
  db: Database;
  payments: OrderPayments;
  checker: AvailabilityChecker;
  pricing: DomainPriceService;
  registrar: Registrar;
  publicUrl: string;
  notifyTo: string;
  log: FastifyBaseLogger;
  onQueued?: () => void;
  /** How long a registry that cannot take a registration is asked again before staff take over. */
  retryForMs?: number;
}) {
  const { db, payments, checker, pricing, registrar, publicUrl, notifyTo, log } = deps;
  /** A paid order a registrar (not staff) was handling whose last step failed, or that waits on a registry that is down. */
  function canRetry(row: DomainOrderRow, stepRows: readonly OrderStepRow[]): boolean {
    if (row.status !== "paid" || registrarFor(row.tld).name === "manual") return false;
    return row.registryWait === "registry" || lastUnfinishedStep(stepRows)?.status === "failed";
  }
  /** Where the registrar writes down what it does for an order. */
  const registrarFor = (tld: string) => registrar.for?.(tld) ?? registrar;
  const steps = (orderId: string, fulfiller: string, actor: string | null = null) =>
    stepRecorder(db, { orderType: STEP_ORDER_TYPE, orderId }, fulfiller, actor);
  const retryForMs = deps.retryForMs ?? 48 * 3_600_000;
  /** A step staff did by hand, written in the transaction that records it. */
  async function staffStep(
    tx: Database,
    orderId: string,
    action: string,
    actor: AuditActor,
    answer: string,
    detail?: object,
  ) {
    const step = await stepRecorder(tx, { orderType: STEP_ORDER_TYPE, orderId }, "manual", actor.username).start(
      action,
      detail,
    );
    await step.succeed(answer);
  }
  const renewedHandlers: DomainRenewedHandler[] = [];
  async function renewed(tx: Database, event: DomainRenewed) {
    for (const handler of renewedHandlers) await handler(tx, event);
  }
  /** After-payment work in flight on this instance (tests and shutdown wait for it). */
  const pending = new Set<Promise<void>>();
  const queued = () => deps.onQueued?.();

  const emails = domainOrderEmails({ publicUrl, notifyTo });
  const { notify, notifyStaff } = emails;

  const staffActions = staffOrderActions(db, payments, {
    orderType: DOMAIN_ORDER_TYPE,
    targetType: "domain_order",
    auditPrefix: "domain.order",
    find: findOrderById,
    addEvent,
    waitsForRefund: (order) => order.status === "needs_refund",
    notFound: () => new AppError("not_found", dt("adminOrderNotFound"), 404),
    notRefundable: () => new AppError("not_refundable", st("refund.notRefundable"), 409),
    refundApproved: (fulfiller) => st("history.refundApproved", { fulfiller }),
  });

  // After paying, the customer comes back to the order's own page.
  const pay = orderCheckout<DomainOrderRow>(payments, {
    orderType: DOMAIN_ORDER_TYPE,
    returnTo: async (orderRef) => {
      const order = await findOrderById(db, orderRef);
      return order ? orderUrl(order.accessToken, order.language) : null;
    },
    description: (order) => dt("paymentDescription", { code: order.reference.slice(4) }),
    record: (order, transactionId) => updateOrder(db, order.id, { paymentTransactionId: transactionId }),
  });
  const checkout = domainOrderCheckout({ db, payments, checker, pricing, emails, pay, queued });

  /** One step of the state machine inside a transaction: compare-and-set, history, audit (staff), email. */
  async function moveIn(
    tx: Database,
    order: DomainOrderRow,
    to: DomainOrderStatus,
    options: {
      actor: AuditActor;
      body?: string | null;
      reason?: string | undefined;
      changes?: Partial<DomainOrderRow>;
      ipAddress?: string | undefined;
      extra?: Record<string, unknown>;
    },
  ): Promise<DomainOrderRow> {
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
  }

  const onPaid: Parameters<OrderPayments["onOrderPaid"]>[1] = async (tx, payment) => {
    const order = await orderAwaitingPayment(tx, payment, {
      label: "domain",
      find: findOrderById,
      log,
      // Paid twice, or paid after a cancellation: staff must refund it; the order does not move.
      paidUnexpectedly: async (db, late) => {
        await addEvent(db, {
          orderId: late.id,
          kind: "note",
          body: dt("history.paidLate", {
            transactionId: payment.transactionId,
            amount: payment.amount,
            currency: payment.currency,
            status: dt(`status.${late.status}`),
          }),
        });
        await notifyStaff(db, { ...late, paymentTransactionId: payment.transactionId }, "staffRefund", {
          why: dt("email.whyLate", { status: dt(`status.${late.status}`, { lng: "en" }), lng: "en" }),
        });
        queued();
      },
    });
    if (!order) return;
    const paid = await moveOrder(tx, order.id, "pending_payment", "paid", {
      paidAt: new Date(),
      paymentTransactionId: payment.transactionId,
    });
    if (!paid) return;
    await addEvent(tx, {
      orderId: order.id,
      kind: "status",
      fromStatus: "pending_payment",
      toStatus: "paid",
      body: dt("history.paid", { transactionId: payment.transactionId }),
    });
    await notify(tx, paid, "paid");
    queued();
    // The second check and the registrar run after this transaction commits, outside it: they
    // wait on the network. afterPayment locks the row first, so it starts once the payment is stored.
    track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => afterPayment(order.id)));
  };
  payments.onOrderPaid(DOMAIN_ORDER_TYPE, onPaid);

  // A refund staff approved has ended: refunded (the customer is emailed), or staff look again.
  payments.onOrderRefund(DOMAIN_ORDER_TYPE, async (tx, outcome) => {
    await endRefundStep(tx, STEP_ORDER_TYPE, outcome);
    const order = await findOrderById(tx, outcome.orderRef, true);
    if (!order) return;
    if (outcome.status === "FAILED" || order.status !== "needs_refund") {
      await addEvent(tx, {
        orderId: order.id,
        kind: "note",
        body: st(outcome.status === "FAILED" ? "history.refundFailed" : "history.refundedLate", {
          refundId: outcome.refundId,
          answer: outcome.answer,
        }),
        actorUsername: outcome.fulfiller,
      });
      if (outcome.status === "FAILED")
        await notifyStaff(tx, order, "staffRefund", {
          why: st("email.whyRefundFailed", { refundId: outcome.refundId, answer: outcome.answer }),
        });
      return;
    }
    await moveIn(tx, order, "refunded", {
      actor: { id: null, username: outcome.fulfiller },
      body: st("history.refunded", { refundId: outcome.refundId, answer: outcome.answer }),
      changes: { refundedAt: new Date() },
    });
    queued();
  });

  function track(work: Promise<void>) {
    const guarded = work.catch((error: unknown) => log.error({ err: error }, "domain order after-payment step failed"));
    pending.add(guarded);
    void guarded.finally(() => pending.delete(guarded));
  }

  /**
   * After payment: ask the registry again (the name may have gone while the customer paid). Taken
   * means a refund; otherwise the registrar gets the order (the manual one leaves it to staff).
   * Safe to run twice or on two instances: each step is a compare-and-set on the stored order.
   */
  async function afterPayment(id: string): Promise<void> {
    // Waits for the payment's transaction (row lock), then reads what it stored.
    const order = await db.transaction((tx) => findOrderById(tx, id, true));
    if (!order || order.status !== "paid" || order.recheckedAt) return;
    const answer = await checker.check(order.domainName, order.tld, { authoritative: true, details: true });
    const source = answer.source.toUpperCase();
    const checked = await db.transaction(async (tx) => {
      const current = await findOrderById(tx, id, true);
      if (!current || current.status !== "paid" || current.recheckedAt) return null;
      const stamp = { recheckState: answer.state, recheckedAt: new Date() };
      if (answer.state === "registered") {
        const moved = await moveIn(tx, current, "needs_refund", {
          actor: SYSTEM,
          body: dt("history.recheckTaken", { name: current.unicodeName, source }),
          changes: stamp,
        });
        await notifyStaff(tx, moved, "staffRefund", { why: dt("email.whyTaken", { lng: "en" }) });
        return null;
      }
      const body =
        answer.state === "available"
          ? dt("history.recheckAvailable", { source })
          : dt("history.recheckUnknown", { reason: dt(`reason.${answer.reason ?? "unclear"}`).replace(/\.$/, "") });
      await addEvent(tx, { orderId: id, kind: "note", body });
      return updateOrder(tx, id, { ...stamp, registrar: registrarFor(current.tld).name });
    });
    queued();
    if (!checked) return;
    await register(checked);
  }

  /** The staff email's line about the check after payment. */
  function recheckLine(order: DomainOrderRow): string {
    return order.recheckState === "available"
      ? dt("history.recheckAvailable", { source: "RDAP/WHOIS" })
      : dt("history.recheckUnknown", { reason: dt("reason.unclear").replace(/\.$/, "") });
  }

  /** Hands the order to its registry's registrar, and moves it by the answer. Safe to repeat: registrars are idempotent on the order. */
  async function register(order: DomainOrderRow, staff: AuditActor | null = null): Promise<RegistrationResult | null> {
    const fulfiller = registrarFor(order.tld);
    const recheck = recheckLine(order);
    let result: RegistrationResult;
    try {
      result = await fulfiller.register(
        {
          orderId: order.id,
          reference: order.reference,
          domain: order.domainName,
          years: order.years,
          nameservers: nameserversOf(order),
          registrant: {
            name: order.customerName,
            organisation: order.organisation,
            email: order.email,
            phoneNumber: order.phoneNumber,
            address: order.address,
            city: order.city,
            country: order.country,
          },
        },
        { steps: steps(order.id, fulfiller.name, staff?.username ?? null) },
      );
    } catch (error) {
      log.error({ err: error, orderId: order.id, registrar: fulfiller.name }, "registrar failed");
      result = { kind: "failed", message: error instanceof Error ? error.message : String(error) };
    }
    const settled = { registryWait: null, nextAttemptAt: null } as const;
    await db.transaction(async (tx) => {
      const current = await findOrderById(tx, order.id, true);
      if (!current || current.status !== "paid") return;
      const actor = { id: null, username: `${REGISTRAR_ACTOR}${fulfiller.name}` };
      const now = new Date();
      if (result.kind === "manual") {
        await updateOrder(tx, order.id, settled);
        await addEvent(tx, { orderId: order.id, kind: "note", body: dt("history.registrarManual") });
        await notifyStaff(tx, current, "staffRegister", { recheck });
      } else if (result.kind === "registered") {
        await moveIn(tx, current, "registered", {
          actor,
          body: dt("history.registeredBy", { registrar: fulfiller.name }),
          changes: {
            ...settled,
            registeredAt: now,
            registryReference: result.registryReference,
            expiresAt: result.expiresAt ?? addYears(now, current.years),
          },
        });
      } else if (result.kind === "taken") {
        const moved = await moveIn(tx, current, "needs_refund", {
          actor,
          body: dt("history.registrarTaken", { registrar: fulfiller.name }),
          changes: settled,
        });
        await notifyStaff(tx, moved, "staffRefund", { why: dt("email.whyTaken", { lng: "en" }) });
      } else if (result.kind === "pending") {
        if (current.registryWait !== "pending")
          await addEvent(tx, { orderId: order.id, kind: "note", body: st("history.registryPending") });
        // The registry's poll message usually ends it first; this is the fallback look.
        await updateOrder(tx, order.id, {
          registryWait: "pending",
          nextAttemptAt: new Date(now.getTime() + PENDING_RECHECK_MS),
        });
      } else if (result.kind === "retry") {
        const attempts = current.attempts + 1;
        const waited = now.getTime() - (current.paidAt ?? now).getTime();
        if (waited >= retryForMs) {
          await updateOrder(tx, order.id, { ...settled, attempts });
          await addEvent(tx, {
            orderId: order.id,
            kind: "note",
            body: st("history.registryGaveUp", { registrar: fulfiller.name, message: result.message }),
          });
          await notifyStaff(tx, current, "staffRegister", { recheck: st("email.gaveUp", { message: result.message }) });
        } else {
          if (current.registryWait !== "registry")
            await addEvent(tx, {
              orderId: order.id,
              kind: "note",
              body: st("history.registryUnavailable", { registrar: fulfiller.name, message: result.message }),
            });
          await updateOrder(tx, order.id, {
            registryWait: "registry",
            attempts,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          });
        }
      } else {
        await updateOrder(tx, order.id, settled);
        await addEvent(tx, {
          orderId: order.id,
          kind: "note",
          body: dt("history.registrarFailed", { registrar: fulfiller.name, error: result.message }),
        });
        await notifyStaff(tx, current, "staffRegister", {
          recheck: `${recheck}\n\n${st("email.registryRefused", { registrar: fulfiller.name, message: result.message })}`,
        });
      }
    });
    queued();
    return result;
  }

  async function detail(row: DomainOrderRow): Promise<DomainOrderDetail> {
    const own = row.nameservers as string[];
    const stepRows = await listOrderSteps(db, STEP_ORDER_TYPE, row.id);
    const renewal = waitingRenewal(stepRows);
    return {
      ...toSummary(row),
      tld: row.tld,
      quote: row.quote as DomainQuote,
      nameservers: nameserversOf(row),
      usesOurNameservers: own.length === 0,
      registrant: {
        name: row.customerName,
        organisation: row.organisation,
        email: row.email,
        phoneNumber: row.phoneNumber,
        address: row.address,
        city: row.city,
        country: row.country,
      },
      language: row.language,
      registrar: row.registrar,
      registryReference: row.registryReference,
      recheck:
        row.recheckState && row.recheckedAt
          ? { state: row.recheckState as "available" | "registered" | "unknown", at: row.recheckedAt.toISOString() }
          : null,
      paidAt: iso(row.paidAt),
      registeredAt: iso(row.registeredAt),
      expiresAt: iso(row.expiresAt),
      refundedAt: iso(row.refundedAt),
      paymentTransactionId: row.paymentTransactionId,
      nextStatuses: DOMAIN_ORDER_TRANSITIONS[row.status as DomainOrderStatus].filter((status) => status !== "paid"),
      events: (await orderEvents(db, row.id)).map(toOrderEvent),
      fulfilment: {
        fulfiller: row.registrar,
        steps: stepRows.map(toOrderStep),
        canRetry: canRetry(row, stepRows),
        canRefund: refundable(row.status === "needs_refund", row.paymentTransactionId !== null, stepRows),
      },
      registryWait: row.registryWait
        ? { kind: row.registryWait, nextAttemptAt: iso(row.nextAttemptAt), attempts: row.attempts }
        : null,
      renewalWaiting: renewal ? { years: detailOf(renewal).years ?? 1, since: renewal.startedAt.toISOString() } : null,
      orderUrl: orderUrl(row.accessToken, row.language),
    };
  }

  return {
    // The customer's side: placing an order, paying for it, following it by its link.
    ...checkout,

    /** Orders paid a while ago whose after-payment step never ran (a restart in between): run it. */
    async recheckDue(now = new Date()): Promise<number> {
      const due = await ordersAwaitingRecheck(db, new Date(now.getTime() - 60_000));
      for (const order of due) await afterPayment(order.id);
      return due.length;
    },

    /**
     * Registrations due another try (the registry was down or left one pending): each is claimed
     * by one instance and handed to its registrar again. `now` is the job's clock.
     */
    async retryDue(now = new Date()): Promise<number> {
      let done = 0;
      for (const due of await ordersDueForAttempt(db, now)) {
        const claimed = await claimAttempt(db, due, new Date(now.getTime() + ATTEMPT_LEASE_MS));
        if (!claimed) continue;
        await register(claimed);
        done++;
      }
      return done;
    },

    /** A registry's poll message ended a pending registration: look at the registry's record and move the order. */
    async pendingFinished(domainName: string): Promise<boolean> {
      const order = await pendingOrderFor(db, domainName);
      if (!order) return false;
      await register(order);
      return true;
    },

    /** Staff run a failed registration again (audited); the registrar picks up where the last attempt stopped. */
    async retry(id: string, actor: AuditActor, ipAddress?: string): Promise<DomainOrderDetail> {
      const order = await findOrderById(db, id);
      if (!order) throw new AppError("not_found", dt("adminOrderNotFound"), 404);
      if (!canRetry(order, await listOrderSteps(db, STEP_ORDER_TYPE, id)))
        throw new AppError("not_retryable", st("retry.notRetryable"), 409);
      await db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor,
          action: "domain.order.retry",
          targetType: "domain_order",
          targetId: id,
          details: { reference: order.reference, domain: order.domainName, registrar: registrarFor(order.tld).name },
          ...(ipAddress ? { ipAddress } : {}),
        });
        await addEvent(tx, { orderId: id, kind: "note", body: st("history.retried"), actorUsername: actor.username });
      });
      let work!: Promise<RegistrationResult | null>;
      track((work = register(order, actor)).then(() => undefined));
      await work;
      return detail((await findOrderById(db, id))!);
    },

    /** Staff approve the refund of an order that waits for one (see staffOrderActions). */
    async approveRefund(id: string, actor: AuditActor, ipAddress?: string): Promise<DomainOrderDetail> {
      await staffActions.approveRefund(id, actor, ipAddress);
      return detail((await findOrderById(db, id))!);
    },

    /** Resolves once the after-payment work started on this instance has finished. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },

    /* ------------------------------------------------------------ staff */

    async list(query: {
      status?: DomainOrderStatus | undefined;
      q?: string | undefined;
      page: number;
      pageSize: number;
    }) {
      const { items, total, counts } = await listOrders(db, query);
      return { items: items.map(toSummary), total, counts, page: query.page, pageSize: query.pageSize };
    },

    async detail(id: string): Promise<DomainOrderDetail | null> {
      const row = await findOrderById(db, id);
      return row ? detail(row) : null;
    },

    /** One step by staff: mark registered (with the registry's reference and expiry), needs refund, refunded, cancelled. */
    async transition(
      id: string,
      request: z.output<typeof DomainTransitionRequest>,
      actor: AuditActor,
      ipAddress?: string,
    ): Promise<DomainOrderDetail> {
      const moved = await db.transaction(async (tx) => {
        const order = await findOrderById(tx, id, true);
        if (!order) throw new AppError("not_found", dt("adminOrderNotFound"), 404);
        const changes: Partial<DomainOrderRow> = {};
        const now = new Date();
        if (request.to === "registered") {
          changes.registeredAt = now;
          changes.registryReference = request.registryReference || null;
          changes.expiresAt = request.expiresAt
            ? new Date(`${request.expiresAt}T00:00:00Z`)
            : addYears(now, order.years);
          changes.registrar = order.registrar ?? registrar.name;
        }
        if (request.to === "refunded") changes.refundedAt = now;
        const moved = await moveIn(tx, order, request.to, { actor, reason: request.reason, changes, ipAddress });
        if (request.to === "registered") {
          await staffStep(
            tx,
            id,
            "register",
            actor,
            changes.registryReference
              ? st("steps.registeredByStaff", { reference: changes.registryReference })
              : st("steps.doneByStaff"),
          );
        }
        return moved;
      });
      queued();
      return detail(moved);
    },

    /* ------------------------------------------------------------ renewals */

    /**
     * A registered name its customer may renew: 1 to 10 years (no further than ten years from
     * today, the registries' limit) at today's renewal price for its TLD
     * (staff price changes included), in the currency it was bought in. Null: no such order, not
     * registered, or its TLD is no longer priced.
     */
    async renewable(id: string, now: Date = new Date()) {
      const row = await findOrderById(db, id);
      if (!row || row.status !== "registered" || !row.expiresAt) return null;
      const price = (await pricing.catalog()).find((tld) => tld.tld === row.tld);
      const perYear = price?.renew[row.currency as DomainCurrency];
      if (perYear === undefined) return null;
      // Registries refuse an expiry more than ten years from today: the years already held count.
      const limit = new Date(now);
      limit.setUTCFullYear(limit.getUTCFullYear() + DOMAIN_RENEWAL_MAX_YEARS);
      let most = DOMAIN_RENEWAL_MAX_YEARS;
      while (most > 0 && addYears(row.expiresAt, most) > limit) most--;
      if (most === 0) return null;
      const options = Array.from({ length: most }, (_, i) => ({
        period: i + 1,
        amount: Math.round(perYear * (i + 1) * 100) / 100,
        currency: row.currency,
      }));
      return {
        id: row.id,
        reference: row.reference,
        domain: row.unicodeName,
        email: row.email,
        phoneNumber: row.phoneNumber,
        language: row.language,
        expiresAt: row.expiresAt,
        options,
      };
    },

    /**
     * Renews a registered name for `years` through the registrar. The manual registrar asks staff
     * (an email and a waiting step; they record the new expiry with `recordRenewal`); one that renews
     * by itself moves the expiry at once. Either way `onRenewed` handlers run, in the transaction that
     * stores the new expiry. Asking twice with the same `renewalId` while staff have not done it yet
     * does not ask them twice.
     */
    async renew(input: { orderId: string; renewalId: string; years: number }): Promise<RenewalResult> {
      const order = await findOrderById(db, input.orderId);
      if (!order) throw new AppError("not_found", dt("adminOrderNotFound"), 404);
      if (order.status !== "registered") throw new AppError("not_registered", st("renewal.notRegistered"), 409);
      if (!order.expiresAt) throw new AppError("no_expiry", st("renewal.noExpiry"), 409);
      const waiting = waitingRenewal(await listOrderSteps(db, STEP_ORDER_TYPE, order.id));
      if (waiting && detailOf(waiting).renewalId === input.renewalId) return { kind: "manual" };
      const result = await registrar.renew(
        {
          orderId: order.id,
          renewalId: input.renewalId,
          reference: order.reference,
          domain: order.domainName,
          years: input.years,
          currentExpiry: order.expiresAt,
        },
        { steps: steps(order.id, registrarFor(order.tld).name) },
      );
      await db.transaction(async (tx) => {
        if (result.kind === "manual") {
          await addEvent(tx, {
            orderId: order.id,
            kind: "note",
            body: st("history.renewalManual", { renewalId: input.renewalId, count: input.years }),
          });
          await emails.askStaffToRenew(tx, order, input.years);
          return;
        }
        await updateOrder(tx, order.id, { expiresAt: result.expiresAt });
        await addEvent(tx, {
          orderId: order.id,
          kind: "note",
          body: st("history.renewed", { fulfiller: registrarFor(order.tld).name, expiresAt: day(result.expiresAt) }),
        });
        await renewed(tx, { orderId: order.id, renewalId: input.renewalId, expiresAt: result.expiresAt });
      });
      queued();
      return result;
    },

    /** Runs in the transaction that stores a renewal's new expiry (automatic, or recorded by staff). */
    onRenewed(handler: DomainRenewedHandler): void {
      renewedHandlers.push(handler);
    },

    /** Staff renewed the name at the registry by hand: the new expiry ends the waiting renewal. */
    async recordRenewal(
      id: string,
      request: { expiresAt: string },
      actor: AuditActor,
      ipAddress?: string,
    ): Promise<DomainOrderDetail> {
      const updated = await db.transaction(async (tx) => {
        const order = await findOrderById(tx, id, true);
        if (!order) throw new AppError("not_found", dt("adminOrderNotFound"), 404);
        const expiresAt = new Date(`${request.expiresAt}T00:00:00Z`);
        const waiting = waitingRenewal(await listOrderSteps(tx, STEP_ORDER_TYPE, id));
        if (!waiting) throw new AppError("no_renewal", st("renewal.nothingWaiting"), 409);
        const { renewalId } = detailOf(waiting);
        await staffStep(tx, id, "renew", actor, st("steps.renewedByStaff", { expiresAt: request.expiresAt }), {
          renewalId,
        });
        const row = await updateOrder(tx, id, { expiresAt });
        await addEvent(tx, {
          orderId: id,
          kind: "note",
          body: st("history.renewed", { fulfiller: actor.username ?? "staff", expiresAt: request.expiresAt }),
          actorUsername: actor.username,
        });
        await recordAudit(tx, {
          actor,
          action: "domain.order.renewed",
          targetType: "domain_order",
          targetId: id,
          details: {
            reference: order.reference,
            domain: order.domainName,
            from: order.expiresAt ? day(order.expiresAt) : null,
            to: request.expiresAt,
          },
          ...(ipAddress ? { ipAddress } : {}),
        });
        if (renewalId) await renewed(tx, { orderId: id, renewalId, expiresAt });
        return row!;
      });
      queued();
      return detail(updated);
    },

    async addNote(id: string, body: string, actor: AuditActor, ipAddress?: string): Promise<DomainOrderEvent | null> {
      const row = await staffActions.addNote(id, body, actor, ipAddress);
      return row && toOrderEvent(row);
    },
  };
}
