import { isLanguage, localizePath } from "../../../contracts/languages.ts";
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  canMoveDomainOrder,
  countryName,
  DOMAIN_CURRENCY_COUNTRY,
  DOMAIN_ORDER_TRANSITIONS,
  quoteDomain,
  type DomainOrderCreated,
  type DomainOrderDetail,
  type DomainOrderEvent,
  type DomainOrderLanguage,
  type DomainOrderRequestParsed,
  type DomainOrderStatus,
  type DomainOrderStep,
  type DomainOrderSummary,
  type DomainOrderView,
  type DomainPayableCurrency,
  type DomainQuote,
} from "../../../contracts/domain-orders.ts";
import { validateDomainName } from "../../../contracts/domains.ts";
import { ourNameservers } from "../../../content/domains.ts";
import type { z } from "zod";
import type { DomainTransitionRequest } from "../../../contracts/domain-orders.ts";
import type { Database } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { newAccessToken, newReferenceCode, toOrderEvent } from "../../lib/orders.ts";
import { localizeContractMessage } from "../../lib/contract-messages.ts";
import { serverT } from "../../lib/i18n.ts";
import { recordAudit, type AuditActor } from "../admin/audit.ts";
import { enqueueEmail } from "../notifications/outbox-repository.ts";
import type { OrderPaidHandler } from "../payments/payment-service.ts";
import type { Availability, AvailabilityChecker } from "./availability-service.ts";
import {
  addEvent,
  findOrderById,
  findOrderByToken,
  insertOrder,
  listOrders,
  moveOrder,
  orderEvents,
  ordersAwaitingRecheck,
  updateOrder,
  type DomainOrderRow,
} from "./domain-order-repository.ts";
import type { DomainPriceService } from "./domain-price-service.ts";
import type { Registrar } from "./registrar.ts";

export const DOMAIN_ORDER_TYPE = "domain";

/** What domain orders need from payments: "pay for this" and "tell me when it is paid". */
export interface OrderPayments {
  createHostedPayment(
    input: { phoneNumber: string; amount: number; currency: string; country: string; description: string; ipAddress?: string; orderType?: string; orderRef?: string },
    returnBase: string,
  ): Promise<{ transactionId: string; redirectUrl: string }>;
  onOrderPaid(orderType: string, handler: OrderPaidHandler): void;
}

/** Who moved an order when nobody signed in did: the payment, the after-payment check, a registrar. */
const SYSTEM: AuditActor = { id: null, username: null };

/** History rows written by a registrar carry this before its name; staff usernames never do. */
const REGISTRAR_ACTOR = "registrar:";
const isStaff = (username: string | null) => username !== null && !username.startsWith(REGISTRAR_ACTOR);

const dt = (key: string, options: Record<string, unknown> = {}) => serverT(key, { ns: "domains", ...options });

function addYears(date: Date, years: number): Date {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const money = (amount: number) => amount.toLocaleString("en-US");

/** The nameservers an order is registered with: the customer's, or ours when they chose ours. */
export function nameserversOf(row: DomainOrderRow): string[] {
  const own = row.nameservers as string[];
  return own.length ? own : [...ourNameservers];
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
}) {
  const { db, payments, checker, pricing, registrar, publicUrl, notifyTo, log } = deps;
  /** The order page in the language the customer ordered in. */
  const orderUrl = (token: string, language: string) => localizePath(`/domains/order-status/${token}`, isLanguage(language) ? language : "en");
  const adminUrl = (id: string) => `${publicUrl}/admin/domains/orders/${id}`;
  /** After-payment work in flight on this instance (tests and shutdown wait for it). */
  const pending = new Set<Promise<void>>();
  const queued = () => deps.onQueued?.();

  function emailValues(row: DomainOrderRow, extra: Record<string, unknown> = {}) {
    const quote = row.quote as DomainQuote;
    return {
      name: row.customerName,
      reference: row.reference,
      domain: row.unicodeName,
      years: row.years,
      total: money(quote.total),
      currency: row.currency,
      orderUrl: `${publicUrl}${orderUrl(row.accessToken, row.language)}`,
      nameservers: nameserversOf(row).join(", "),
      reason: "",
      ...extra,
    };
  }

  /** The customer's email for a change, written in the language they ordered in. */
  async function notify(database: Database, row: DomainOrderRow, kind: string, extra: Record<string, unknown> = {}) {
    const values = { ...emailValues(row, extra), lng: row.language };
    await enqueueEmail(database, {
      kind: `domains.${kind}`,
      toAddress: row.email,
      replyTo: notifyTo,
      subject: dt(`email.${kind}.subject`, values),
      textBody: dt(`email.${kind}.body`, values) + dt("email.footer", values),
    });
  }

  /** Staff are written to in English: the back office is. */
  async function notifyStaff(database: Database, row: DomainOrderRow, kind: "staffRegister" | "staffRefund", extra: Record<string, unknown>) {
    const values = {
      ...emailValues(row),
      email: row.email,
      phone: row.phoneNumber,
      organisation: row.organisation ? ` (${row.organisation})` : "",
      address: row.address,
      city: row.city,
      country: countryName(row.country) ?? row.country,
      transactionId: row.paymentTransactionId ?? "",
      adminUrl: adminUrl(row.id),
      ...extra,
      lng: "en",
    };
    await enqueueEmail(database, { kind: `domains.${kind}`, toAddress: notifyTo, subject: dt(`email.${kind}.subject`, values), textBody: dt(`email.${kind}.body`, values) });
  }

  /**
   * The last word before money moves: the registry itself (RDAP or WHOIS, never the cache, never
   * DNS alone). Anything but "available" stops the order with a 409 that says why.
   */
  async function ensureAvailable(name: string, tld: string, unicodeName: string, language: DomainOrderLanguage): Promise<Availability> {
    const answer = await checker.check(name, tld, { authoritative: true, details: true });
    if (answer.state === "registered") throw new AppError("domain_taken", dt("taken", { name: unicodeName, lng: language }), 409);
    if (answer.state === "unknown") {
      const reason = dt(`reason.${answer.reason ?? "unclear"}`, { lng: language });
      throw new AppError("availability_unknown", dt("unknown", { name: unicodeName, reason: reason.charAt(0).toUpperCase() + reason.slice(1), lng: language }), 409);
    }
    return answer;
  }

  async function pay(order: DomainOrderRow, origin: string, ipAddress: string | undefined) {
    const { country } = DOMAIN_CURRENCY_COUNTRY[order.currency as DomainPayableCurrency];
    const payment = await payments.createHostedPayment(
      {
        phoneNumber: order.phoneNumber,
        amount: Number(order.amount),
        currency: order.currency,
        country,
        description: dt("paymentDescription", { code: order.reference.slice(4) }),
        orderType: DOMAIN_ORDER_TYPE,
        orderRef: order.id,
        ...(ipAddress ? { ipAddress } : {}),
      },
      origin,
    );
    await updateOrder(db, order.id, { paymentTransactionId: payment.transactionId });
    return payment;
  }

  /** One step of the state machine inside a transaction: compare-and-set, history, audit (staff), email. */
  async function moveIn(
    tx: Database,
    order: DomainOrderRow,
    to: DomainOrderStatus,
    options: { actor: AuditActor; body?: string | null; reason?: string | undefined; changes?: Partial<DomainOrderRow>; ipAddress?: string | undefined; extra?: Record<string, unknown> },
  ): Promise<DomainOrderRow> {
    const from = order.status as DomainOrderStatus;
    // Only a completed payment marks an order paid; staff cannot.
    if (!canMoveDomainOrder(from, to) || to === "paid") {
      throw new AppError("invalid_transition", dt("cannotMove", { from: dt(`status.${from}`), to: dt(`status.${to}`) }), 409);
    }
    const moved = await moveOrder(tx, order.id, from, to, options.changes ?? {});
    if (!moved) throw new AppError("conflict", dt("cannotMove", { from: dt(`status.${from}`), to: dt(`status.${to}`) }), 409);
    await addEvent(tx, { orderId: order.id, kind: "status", fromStatus: from, toStatus: to, body: options.body ?? options.reason ?? null, actorUsername: options.actor.username });
    if (options.actor.id !== null) {
      await recordAudit(tx, {
        actor: options.actor,
        action: "domain.order.status",
        targetType: "domain_order",
        targetId: order.id,
        details: { from, to, reference: order.reference, domain: order.domainName, ...(options.changes?.registryReference ? { registryReference: options.changes.registryReference } : {}), ...(options.reason ? { reason: options.reason } : {}) },
        ...(options.ipAddress ? { ipAddress: options.ipAddress } : {}),
      });
    }
    const reason = options.reason ? dt("email.reasonLine", { reason: options.reason.replace(/\.$/, ""), lng: moved.language }) : "";
    await notify(tx, moved, to, { reason, expiresAt: moved.expiresAt?.toISOString().slice(0, 10) ?? "", ...options.extra });
    return moved;
  }

  const onPaid: OrderPaidHandler = async (tx, payment) => {
    const order = await findOrderById(tx, payment.orderRef, true);
    if (!order) {
      log.error({ orderRef: payment.orderRef, transactionId: payment.transactionId }, "payment completed for a domain order that does not exist");
      return;
    }
    if (order.status !== "pending_payment") {
      // Paid twice, or paid after a cancellation: staff must refund it; the order does not move.
      log.error({ orderId: order.id, status: order.status, transactionId: payment.transactionId }, "payment completed for a domain order not waiting for one; refund it");
      await addEvent(tx, { orderId: order.id, kind: "note", body: dt("history.paidLate", { transactionId: payment.transactionId, amount: payment.amount, currency: payment.currency, status: dt(`status.${order.status}`) }) });
      await notifyStaff(tx, { ...order, paymentTransactionId: payment.transactionId }, "staffRefund", { why: dt("email.whyLate", { status: dt(`status.${order.status}`, { lng: "en" }), lng: "en" }) });
      queued();
      return;
    }
    if (Number(payment.amount) !== Number(order.amount) || payment.currency !== order.currency) {
      log.error({ orderId: order.id, paid: payment.amount, expected: order.amount }, "domain order paid a different amount");
    }
    const paid = await moveOrder(tx, order.id, "pending_payment", "paid", { paidAt: new Date(), paymentTransactionId: payment.transactionId });
    if (!paid) return;
    await addEvent(tx, { orderId: order.id, kind: "status", fromStatus: "pending_payment", toStatus: "paid", body: dt("history.paid", { transactionId: payment.transactionId }) });
    await notify(tx, paid, "paid");
    queued();
    // The second check and the registrar run after this transaction commits, outside it: they
    // wait on the network. afterPayment locks the row first, so it starts once the payment is stored.
    track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => afterPayment(order.id)));
  };
  payments.onOrderPaid(DOMAIN_ORDER_TYPE, onPaid);

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
        const moved = await moveIn(tx, current, "needs_refund", { actor: SYSTEM, body: dt("history.recheckTaken", { name: current.unicodeName, source }), changes: stamp });
        await notifyStaff(tx, moved, "staffRefund", { why: dt("email.whyTaken", { lng: "en" }) });
        return null;
      }
      const body = answer.state === "available" ? dt("history.recheckAvailable", { source }) : dt("history.recheckUnknown", { reason: dt(`reason.${answer.reason ?? "unclear"}`).replace(/\.$/, "") });
      await addEvent(tx, { orderId: id, kind: "note", body });
      return updateOrder(tx, id, { ...stamp, registrar: registrar.name });
    });
    queued();
    if (!checked) return;
    await register(checked, answer);
  }

  async function register(order: DomainOrderRow, answer: Availability): Promise<void> {
    const recheck = answer.state === "available" ? dt("history.recheckAvailable", { source: answer.source.toUpperCase() }) : dt("history.recheckUnknown", { reason: dt(`reason.${answer.reason ?? "unclear"}`).replace(/\.$/, "") });
    let result;
    try {
      result = await registrar.register({
        orderId: order.id,
        reference: order.reference,
        domain: order.domainName,
        years: order.years,
        nameservers: nameserversOf(order),
        registrant: { name: order.customerName, organisation: order.organisation, email: order.email, phoneNumber: order.phoneNumber, address: order.address, city: order.city, country: order.country },
      });
    } catch (error) {
      log.error({ err: error, orderId: order.id, registrar: registrar.name }, "registrar failed");
      await db.transaction(async (tx) => {
        await addEvent(tx, { orderId: order.id, kind: "note", body: dt("history.registrarFailed", { registrar: registrar.name, error: error instanceof Error ? error.message : String(error) }) });
        await notifyStaff(tx, order, "staffRegister", { recheck });
      });
      queued();
      return;
    }
    await db.transaction(async (tx) => {
      const current = await findOrderById(tx, order.id, true);
      if (!current || current.status !== "paid") return;
      const actor = { id: null, username: `${REGISTRAR_ACTOR}${registrar.name}` };
      if (result.kind === "manual") {
        await addEvent(tx, { orderId: order.id, kind: "note", body: dt("history.registrarManual") });
        await notifyStaff(tx, current, "staffRegister", { recheck });
      } else if (result.kind === "registered") {
        const now = new Date();
        await moveIn(tx, current, "registered", {
          actor,
          body: dt("history.registeredBy", { registrar: registrar.name }),
          changes: { registeredAt: now, registryReference: result.registryReference, expiresAt: result.expiresAt ?? addYears(now, current.years) },
        });
      } else {
        const moved = await moveIn(tx, current, "needs_refund", { actor, body: dt("history.registrarTaken", { registrar: registrar.name }) });
        await notifyStaff(tx, moved, "staffRefund", { why: dt("email.whyTaken", { lng: "en" }) });
      }
    });
    queued();
  }

  async function detail(row: DomainOrderRow): Promise<DomainOrderDetail> {
    const own = row.nameservers as string[];
    return {
      ...toSummary(row),
      tld: row.tld,
      quote: row.quote as DomainQuote,
      nameservers: nameserversOf(row),
      usesOurNameservers: own.length === 0,
      registrant: { name: row.customerName, organisation: row.organisation, email: row.email, phoneNumber: row.phoneNumber, address: row.address, city: row.city, country: row.country },
      language: row.language,
      registrar: row.registrar,
      registryReference: row.registryReference,
      recheck: row.recheckState && row.recheckedAt ? { state: row.recheckState as "available" | "registered" | "unknown", at: row.recheckedAt.toISOString() } : null,
      paidAt: iso(row.paidAt),
      registeredAt: iso(row.registeredAt),
      expiresAt: iso(row.expiresAt),
      refundedAt: iso(row.refundedAt),
      paymentTransactionId: row.paymentTransactionId,
      nextStatuses: DOMAIN_ORDER_TRANSITIONS[row.status as DomainOrderStatus].filter((status) => status !== "paid"),
      events: (await orderEvents(db, row.id)).map(toOrderEvent),
      orderUrl: orderUrl(row.accessToken, row.language),
    };
  }

  return {
    /** Stores the order (and its "received" email) after the registry's last word, then opens its payment page. */
    async createOrder(input: DomainOrderRequestParsed, context: { origin: string; ipAddress?: string }): Promise<DomainOrderCreated> {
      const prices = await pricing.catalog();
      const valid = validateDomainName(input.domain, prices);
      if (!valid.ok) throw fieldError("domain", localizeContractMessage(valid.message));
      const price = prices.find((p) => p.tld === valid.tld)!;
      const quote = quoteDomain(price, input.years, input.currency);
      await ensureAvailable(valid.name, valid.tld, valid.unicodeName, input.language);
      const id = randomUUID();
      const token = newAccessToken();
      const registrant = input.registrant;
      const order = await db.transaction(async (tx) => {
        const row = await insertOrder(tx, {
          id,
          reference: `DOM-${newReferenceCode()}`,
          accessToken: token,
          status: "pending_payment",
          language: input.language,
          domainName: valid.name,
          unicodeName: valid.unicodeName,
          tld: valid.tld,
          years: input.years,
          nameservers: input.nameservers.mode === "custom" ? input.nameservers.hosts : [],
          customerName: registrant.name,
          organisation: registrant.organisation || null,
          email: registrant.email,
          phoneNumber: registrant.phoneNumber,
          address: registrant.address,
          city: registrant.city,
          country: registrant.country,
          currency: input.currency,
          amount: String(quote.total),
          quote,
          ipAddress: context.ipAddress ?? null,
        });
        await addEvent(tx, { orderId: id, kind: "status", fromStatus: null, toStatus: "pending_payment" });
        await notify(tx, row, "received");
        return row;
      });
      queued();
      const payment = await pay(order, context.origin, context.ipAddress);
      return { token, reference: order.reference, orderUrl: orderUrl(token, input.language), redirectUrl: payment.redirectUrl };
    },

    /** Another payment page for an order still waiting (the first was abandoned or failed), after another check. */
    async payAgain(token: string, context: { origin: string; ipAddress?: string }): Promise<{ redirectUrl: string }> {
      const order = await findOrderByToken(db, token);
      if (!order) throw new AppError("not_found", dt("orderNotFound"), 404);
      if (order.status !== "pending_payment") throw new AppError("not_payable", dt("notPayable", { lng: order.language }), 409);
      await ensureAvailable(order.domainName, order.tld, order.unicodeName, order.language as DomainOrderLanguage);
      const { redirectUrl } = await pay(order, context.origin, context.ipAddress);
      return { redirectUrl };
    },

    /** The customer's view behind the link: state, history (without staff notes), what was bought. */
    async customerView(token: string): Promise<DomainOrderView> {
      const order = await findOrderByToken(db, token);
      if (!order) throw new AppError("not_found", dt("orderNotFound"), 404);
      const history: DomainOrderStep[] = (await orderEvents(db, order.id))
        .filter((event) => event.kind === "status" && event.toStatus)
        // A reason staff typed is the customer's to read (it was emailed); system lines are for staff.
        .map((event) => ({ status: event.toStatus as DomainOrderStatus, at: event.createdAt.toISOString(), reason: isStaff(event.actorUsername) ? event.body : null }));
      return {
        reference: order.reference,
        status: order.status as DomainOrderStatus,
        domain: order.domainName,
        unicodeDomain: order.unicodeName,
        years: order.years,
        nameservers: nameserversOf(order),
        usesOurNameservers: (order.nameservers as string[]).length === 0,
        registrantName: order.customerName,
        quote: order.quote as DomainQuote,
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
        registeredAt: iso(order.registeredAt),
        expiresAt: iso(order.expiresAt),
        history,
        canPay: order.status === "pending_payment",
      };
    },

    /** Orders paid a while ago whose after-payment step never ran (a restart in between): run it. */
    async recheckDue(now = new Date()): Promise<number> {
      const due = await ordersAwaitingRecheck(db, new Date(now.getTime() - 60_000));
      for (const order of due) await afterPayment(order.id);
      return due.length;
    },

    /** Resolves once the after-payment work started on this instance has finished. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },

    /* ------------------------------------------------------------ staff */

    async list(query: { status?: DomainOrderStatus | undefined; q?: string | undefined; page: number; pageSize: number }) {
      const { items, total, counts } = await listOrders(db, query);
      return { items: items.map(toSummary), total, counts, page: query.page, pageSize: query.pageSize };
    },

    async detail(id: string): Promise<DomainOrderDetail | null> {
      const row = await findOrderById(db, id);
      return row ? detail(row) : null;
    },

    /** One step by staff: mark registered (with the registry's reference and expiry), needs refund, refunded, cancelled. */
    async transition(id: string, request: z.output<typeof DomainTransitionRequest>, actor: AuditActor, ipAddress?: string): Promise<DomainOrderDetail> {
      const moved = await db.transaction(async (tx) => {
        const order = await findOrderById(tx, id, true);
        if (!order) throw new AppError("not_found", dt("adminOrderNotFound"), 404);
        const changes: Partial<DomainOrderRow> = {};
        const now = new Date();
        if (request.to === "registered") {
          changes.registeredAt = now;
          changes.registryReference = request.registryReference || null;
          changes.expiresAt = request.expiresAt ? new Date(`${request.expiresAt}T00:00:00Z`) : addYears(now, order.years);
          changes.registrar = order.registrar ?? registrar.name;
        }
        if (request.to === "refunded") changes.refundedAt = now;
        return moveIn(tx, order, request.to, { actor, reason: request.reason, changes, ipAddress });
      });
      queued();
      return detail(moved);
    },

    async addNote(id: string, body: string, actor: AuditActor, ipAddress?: string): Promise<DomainOrderEvent | null> {
      return db.transaction(async (tx) => {
        const order = await findOrderById(tx, id);
        if (!order) return null;
        const row = await addEvent(tx, { orderId: id, kind: "note", body, actorUsername: actor.username });
        await recordAudit(tx, { actor, action: "domain.order.note", targetType: "domain_order", targetId: id, ...(ipAddress ? { ipAddress } : {}) });
        return toOrderEvent(row);
      });
    },
  };
}
