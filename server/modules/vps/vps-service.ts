import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { vpsAddons, vpsImages, vpsLocations, vpsPeriods, vpsPlans, VPS_RENEWAL_WINDOW_DAYS, type VpsPrices } from "../../../content/vps.ts";
import {
  canMoveVpsOrder,
  catalogFromContent,
  quoteVps,
  VPS_CURRENCY_COUNTRY,
  VPS_TRANSITIONS,
  VpsOrderRequest,
  type VpsCatalog,
  type VpsOrderCreated,
  type VpsOrderDetail,
  type VpsOrderEvent,
  type VpsOrderStatus,
  type VpsOrderSummary,
  type VpsOrderView,
  type VpsPriceItem,
  type VpsQuote,
  type VpsTransitionRequest,
} from "../../../contracts/vps.ts";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { defaultLanguage, languageLocales, localizePath, type Language } from "../../../contracts/languages.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { newAccessToken, newReferenceCode, toOrderEvent } from "../../lib/orders.ts";
import { asLanguage, currentLanguage, serverT } from "../../lib/i18n.ts";
import { recordAudit, type AuditActor } from "../admin/audit.ts";
import { enqueueEmail } from "../notifications/outbox-repository.ts";
import type { OrderPaidHandler } from "../payments/payment-service.ts";
import type { CredentialCipher } from "./credential-cipher.ts";
import type { Provisioner } from "./provisioner.ts";
import {
  addEvent,
  claimCredentialReveal,
  expiringOrders,
  findOrderById,
  findOrderByToken,
  insertOrder,
  listOrders,
  moveOrder,
  orderEvents,
  priceOverrides,
  savePriceOverride,
  updateOrder,
  type VpsOrderRow,
} from "./vps-repository.ts";

export const VPS_ORDER_TYPE = "vps";

/** What the VPS capability needs from payments: "pay for this" and "tell me when it is paid". */
export interface OrderPayments {
  createHostedPayment(
    input: { phoneNumber: string; amount: number; currency: string; country: string; description: string; ipAddress?: string; orderType?: string; orderRef?: string },
    returnBase: string,
    language?: Language,
  ): Promise<{ transactionId: string; redirectUrl: string }>;
  onOrderPaid(orderType: string, handler: OrderPaidHandler): void;
}

interface PlanSnapshot {
  id: string;
  name: string;
  vcpu: number;
  ramGb: number;
  ssdGb: number;
  bandwidthTb: number;
}

const vt = (key: string, options: Record<string, unknown> = {}) => serverT(key, { ns: "vps", ...options });

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toSummary(row: VpsOrderRow): VpsOrderSummary {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as VpsOrderStatus,
    planName: (row.plan as PlanSnapshot).name,
    hostname: row.hostname,
    customerName: row.customerName,
    email: row.email,
    currency: row.currency,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
  };
}


export type VpsService = ReturnType<typeof vpsService>;

export function vpsService(deps: {
  db: Database;
  payments: OrderPayments;
  cipher: CredentialCipher;
  provisioner: Provisioner;
  publicUrl: string;
  notifyTo: string;
  log: FastifyBaseLogger;
  onQueued?: () => void;
}) {
  const { db, payments, cipher, provisioner, publicUrl, notifyTo, log } = deps;
  /** The customer's order page, in the language they ordered in. */
  const orderUrl = (token: string, language: string = defaultLanguage) => localizePath(`/vps-hosting/order/${token}`, asLanguage(language));

  /** The catalogue with staff price changes applied; withdrawn plans stay listed as inactive. */
  async function catalog(database: Database = db): Promise<VpsCatalog> {
    const base = catalogFromContent({ plans: vpsPlans, locations: vpsLocations, images: vpsImages, periods: vpsPeriods, addons: vpsAddons });
    const overrides = new Map((await priceOverrides(database)).map((row) => [row.itemId, row]));
    return {
      ...base,
      plans: base.plans.map((plan) => {
        const o = overrides.get(plan.id);
        return o?.kind === "plan" ? { ...plan, monthly: o.monthly as VpsPrices, active: o.active === 1 } : plan;
      }),
      addons: base.addons.map((addon) => {
        const o = overrides.get(addon.id);
        return o?.kind === "addon" ? { ...addon, monthly: o.monthly as VpsPrices } : addon;
      }),
    };
  }

  /**
   * The customer's emails are in the language they ordered in, whoever's request (a payment
   * callback, a member of staff) or none sends them.
   */
  function customerEmail(row: VpsOrderRow, kind: string, extra: Record<string, unknown> = {}) {
    const lng = asLanguage(row.language);
    const quote = row.quote as VpsQuote;
    const values = {
      name: row.customerName,
      reference: row.reference,
      hostname: row.hostname,
      plan: (row.plan as PlanSnapshot).name,
      months: row.periodMonths,
      total: quote.total.toLocaleString(lng === defaultLanguage ? "en-US" : languageLocales[lng].intl),
      currency: row.currency,
      orderUrl: `${publicUrl}${orderUrl(row.accessToken, lng)}`,
      ...extra,
      lng,
    };
    return {
      kind: `vps.${kind}`,
      toAddress: row.email,
      replyTo: notifyTo,
      subject: vt(`email.${kind}.subject`, values),
      textBody: vt(`email.${kind}.body`, values) + vt("email.footer", values),
    };
  }

  async function notify(database: Database, row: VpsOrderRow, kind: string, extra: Record<string, unknown> = {}) {
    await enqueueEmail(database, customerEmail(row, kind, extra));
  }

  function describeAddons(row: VpsOrderRow): string {
    const chosen = row.addons as { backups: boolean; extraIpv4: number; managedSupport: boolean };
    const names = vpsAddons.flatMap((addon) => {
      const value = chosen[addon.id];
      if (!value) return [];
      return [typeof value === "number" ? `${value} × ${addon.name}` : addon.name];
    });
    return names.length ? names.join(", ") : "none";
  }

  const onPaid: OrderPaidHandler = async (tx, payment) => {
    const order = await findOrderById(tx, payment.orderRef, true);
    if (!order) {
      log.error({ orderRef: payment.orderRef, transactionId: payment.transactionId }, "payment completed for a VPS order that does not exist");
      return;
    }
    if (order.status !== "pending_payment") {
      // Paid twice, or paid after a cancellation: staff must refund it; the order does not move.
      log.error({ orderId: order.id, status: order.status, transactionId: payment.transactionId }, "payment completed for a VPS order not waiting for one; refund it");
      await addEvent(tx, { orderId: order.id, kind: "note", body: `Payment ${payment.transactionId} of ${payment.amount} ${payment.currency} completed while the order was ${order.status}: refund it.` });
      return;
    }
    if (Number(payment.amount) !== Number(order.amount) || payment.currency !== order.currency) {
      log.error({ orderId: order.id, paid: payment.amount, expected: order.amount }, "VPS order paid a different amount");
    }
    const paid = await moveOrder(tx, order.id, "pending_payment", "paid", { paidAt: new Date(), paymentTransactionId: payment.transactionId });
    if (!paid) return;
    await addEvent(tx, { orderId: order.id, kind: "status", fromStatus: "pending_payment", toStatus: "paid", body: `Payment ${payment.transactionId}` });
    await notify(tx, paid, "paid");
    const values = {
      reference: paid.reference,
      hostname: paid.hostname,
      name: paid.customerName,
      email: paid.email,
      total: (paid.quote as VpsQuote).total.toLocaleString("en-US"),
      currency: paid.currency,
      plan: (paid.plan as PlanSnapshot).name,
      location: paid.locationId,
      image: paid.imageId,
      months: paid.periodMonths,
      addons: describeAddons(paid),
      access: paid.accessMethod === "ssh_key" ? "SSH key" : "password",
      adminUrl: `${publicUrl}/admin/vps/orders/${paid.id}`,
    };
    // Staff read English, like the rest of the admin area.
    await enqueueEmail(tx, { kind: "vps.staffPaid", toAddress: notifyTo, subject: vt("email.staffPaid.subject", { ...values, lng: "en" }), textBody: vt("email.staffPaid.body", { ...values, lng: "en" }) });
    deps.onQueued?.();
  };
  payments.onOrderPaid(VPS_ORDER_TYPE, onPaid);

  async function pay(order: VpsOrderRow, origin: string, ipAddress: string | undefined) {
    const { country } = VPS_CURRENCY_COUNTRY[order.currency as keyof typeof VPS_CURRENCY_COUNTRY];
    const payment = await payments.createHostedPayment(
      {
        phoneNumber: order.phoneNumber,
        amount: Number(order.amount),
        currency: order.currency,
        country,
        description: vt("paymentDescription", { code: order.reference.slice(4) }),
        orderType: VPS_ORDER_TYPE,
        orderRef: order.id,
        ...(ipAddress ? { ipAddress } : {}),
      },
      origin,
    );
    await updateOrder(db, order.id, { paymentTransactionId: payment.transactionId });
    return payment;
  }

  async function transitionIn(tx: Database, order: VpsOrderRow, request: z.output<typeof import("../../../contracts/vps.ts").VpsTransitionRequest>, actor: AuditActor, ipAddress?: string): Promise<VpsOrderRow> {
    const from = order.status as VpsOrderStatus;
    const { to } = request;
    // Only a completed payment marks an order paid; staff cannot.
    if (!canMoveVpsOrder(from, to) || (to === "paid" && actor.id !== null)) {
      throw new AppError("invalid_transition", vt("cannotMove", { from: vt(`status.${from}`), to: vt(`status.${to}`) }), 409);
    }
    const changes: Partial<VpsOrderRow> = {};
    let emailKind: string = to;
    // Parts of the customer's email, in the customer's language (this request is a member of staff's).
    const lng = asLanguage(order.language);
    const extra: Record<string, unknown> = { reason: request.reason ? vt("email.reasonLine", { reason: request.reason.replace(/\.$/, ""), lng }) : "" };
    if (to === "active" && from === "provisioning") {
      const server = request.server;
      if (!server) throw fieldError("server.ipAddress", vt("serverMissing"));
      if (order.accessMethod === "password" && !server.password) throw fieldError("server.password", vt("passwordMissing"));
      const now = new Date();
      Object.assign(changes, {
        serverIp: server.ipAddress,
        serverUsername: server.username,
        credentialsCiphertext: order.accessMethod === "password" && server.password ? cipher.encrypt(server.password, order.id) : null,
        credentialsRevealedAt: null,
        activatedAt: now,
        expiresAt: order.expiresAt ?? addMonths(now, order.periodMonths),
      });
      extra.ip = server.ipAddress;
      extra.username = server.username;
      extra.expiresAt = (changes.expiresAt as Date).toISOString().slice(0, 10);
      extra.login = order.accessMethod === "ssh_key" ? vt("email.loginWithKey", { username: server.username, ip: server.ipAddress, lng }) : vt("email.loginWithPassword", { lng });
    } else if (to === "active") {
      emailKind = "reactivated";
    }
    if (to === "provisioning") changes.provisioner = provisioner.name;
    const moved = await moveOrder(tx, order.id, from, to, changes);
    if (!moved) throw new AppError("conflict", vt("cannotMove", { from: vt(`status.${from}`), to: vt(`status.${to}`) }), 409);
    await addEvent(tx, { orderId: order.id, kind: "status", fromStatus: from, toStatus: to, body: request.reason ?? null, actorUsername: actor.username });
    // The audit trail says what happened, never the login details.
    await recordAudit(tx, { actor, action: "vps.order.status", targetType: "vps_order", targetId: order.id, details: { from, to, reference: order.reference, ...(request.server ? { ipAddress: request.server.ipAddress, username: request.server.username } : {}) }, ...(ipAddress ? { ipAddress } : {}) });
    await notify(tx, moved, emailKind, extra);
    return moved;
  }

  async function detail(row: VpsOrderRow): Promise<VpsOrderDetail> {
    return {
      ...toSummary(row),
      plan: row.plan as PlanSnapshot,
      locationId: row.locationId,
      imageId: row.imageId,
      periodMonths: row.periodMonths,
      addons: row.addons as VpsOrderDetail["addons"],
      quote: row.quote as VpsQuote,
      accessMethod: row.accessMethod,
      sshPublicKey: row.sshPublicKey,
      phoneNumber: row.phoneNumber,
      serverIp: row.serverIp,
      serverUsername: row.serverUsername,
      hasCredentials: row.credentialsCiphertext !== null,
      credentialsRevealedAt: iso(row.credentialsRevealedAt),
      provisioner: row.provisioner,
      paidAt: iso(row.paidAt),
      activatedAt: iso(row.activatedAt),
      nextStatuses: VPS_TRANSITIONS[row.status as VpsOrderStatus].filter((status) => status !== "paid"),
      events: (await orderEvents(db, row.id)).map(toOrderEvent),
      orderUrl: orderUrl(row.accessToken, row.language),
    };
  }

  return {
    catalog: () => catalog(),

    /** Stores the order (and its "received" email), then opens the payment page for it. */
    /** `context.language`: the page the customer orders from (the request's); their emails and links keep it. */
    async createOrder(input: z.output<typeof VpsOrderRequest>, context: { origin: string; ipAddress?: string; language?: Language }): Promise<VpsOrderCreated> {
      const language = context.language ?? currentLanguage();
      const current = await catalog();
      const plan = current.plans.find((p) => p.id === input.planId && p.active);
      if (!plan) throw fieldError("planId", vt("validation.planUnknown"));
      if (!current.locations.some((l) => l.id === input.locationId)) throw fieldError("locationId", vt("validation.locationUnknown"));
      if (!current.images.some((i) => i.id === input.imageId)) throw fieldError("imageId", vt("validation.imageUnknown"));
      if (!current.periods.some((p) => p.months === input.periodMonths)) throw fieldError("periodMonths", vt("validation.periodUnknown"));
      const quote = quoteVps(current, { planId: plan.id, periodMonths: input.periodMonths, addons: input.addons, currency: input.currency });
      const id = randomUUID();
      const token = newAccessToken();
      const order = await db.transaction(async (tx) => {
        const row = await insertOrder(tx, {
          id,
          reference: `VPS-${newReferenceCode()}`,
          accessToken: token,
          status: "pending_payment",
          planId: plan.id,
          plan: { id: plan.id, name: plan.name, vcpu: plan.vcpu, ramGb: plan.ramGb, ssdGb: plan.ssdGb, bandwidthTb: plan.bandwidthTb },
          locationId: input.locationId,
          imageId: input.imageId,
          periodMonths: input.periodMonths,
          addons: input.addons,
          currency: input.currency,
          amount: String(quote.total),
          quote,
          hostname: input.hostname,
          accessMethod: input.accessMethod,
          sshPublicKey: input.accessMethod === "ssh_key" ? (input.sshPublicKey ?? "").trim() : null,
          customerName: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
          ipAddress: context.ipAddress ?? null,
          language,
        });
        await addEvent(tx, { orderId: id, kind: "status", fromStatus: null, toStatus: "pending_payment" });
        await notify(tx, row, "received");
        return row;
      });
      deps.onQueued?.();
      const payment = await pay(order, context.origin, context.ipAddress);
      return { token, reference: order.reference, orderUrl: orderUrl(token, language), redirectUrl: payment.redirectUrl };
    },

    /** Another payment page for an order still waiting for payment (the first was abandoned or failed). */
    async payAgain(token: string, context: { origin: string; ipAddress?: string }): Promise<{ redirectUrl: string }> {
      const order = await findOrderByToken(db, token);
      if (!order) throw new AppError("not_found", vt("orderNotFound"), 404);
      if (order.status !== "pending_payment") throw new AppError("not_payable", vt("notPayable"), 409);
      const { redirectUrl } = await pay(order, context.origin, context.ipAddress);
      return { redirectUrl };
    },

    /** The customer's view behind the link; the password is decrypted for the first view only. */
    async customerView(token: string): Promise<VpsOrderView> {
      const order = await findOrderByToken(db, token);
      if (!order) throw new AppError("not_found", vt("orderNotFound"), 404);
      let server: VpsOrderView["server"] = null;
      if ((order.status === "active" || order.status === "suspended") && order.serverIp && order.serverUsername) {
        let password: string | null = null;
        let shownBefore = false;
        if (order.credentialsCiphertext) {
          if (await claimCredentialReveal(db, order.id)) password = cipher.decrypt(order.credentialsCiphertext, order.id);
          else shownBefore = true;
        }
        server = { ipAddress: order.serverIp, username: order.serverUsername, password, passwordShownBefore: shownBefore };
      }
      return {
        reference: order.reference,
        status: order.status as VpsOrderStatus,
        plan: order.plan as PlanSnapshot,
        locationId: order.locationId,
        imageId: order.imageId,
        periodMonths: order.periodMonths,
        hostname: order.hostname,
        accessMethod: order.accessMethod,
        quote: order.quote as VpsQuote,
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
        activatedAt: iso(order.activatedAt),
        expiresAt: iso(order.expiresAt),
        server,
        canPay: order.status === "pending_payment",
      };
    },

    /* ------------------------------------------------------------ staff */

    async list(query: { status?: VpsOrderStatus | undefined; page: number; pageSize: number }) {
      const { items, total, counts } = await listOrders(db, query);
      return { items: items.map(toSummary), total, counts, page: query.page, pageSize: query.pageSize };
    },

    async detail(id: string): Promise<VpsOrderDetail | null> {
      const row = await findOrderById(db, id);
      return row ? detail(row) : null;
    },

    /**
     * One step of the state machine, by staff. Starting provisioning hands the order to the
     * provisioner; one that builds servers itself (not the manual one) takes it straight to active.
     */
    async transition(id: string, request: z.output<typeof import("../../../contracts/vps.ts").VpsTransitionRequest>, actor: AuditActor, ipAddress?: string): Promise<VpsOrderDetail> {
      let moved = await db.transaction(async (tx) => {
        const order = await findOrderById(tx, id, true);
        if (!order) throw new AppError("not_found", vt("adminOrderNotFound"), 404);
        return transitionIn(tx, order, request, actor, ipAddress);
      });
      deps.onQueued?.();
      if (moved.status === "provisioning") {
        const result = await provisioner.provision({
          orderId: moved.id,
          reference: moved.reference,
          hostname: moved.hostname,
          planId: moved.planId,
          locationId: moved.locationId,
          imageId: moved.imageId,
          sshPublicKey: moved.sshPublicKey,
        });
        if (result.kind === "ready") {
          moved = await db.transaction(async (tx) => {
            const order = (await findOrderById(tx, id, true))!;
            return transitionIn(tx, order, { to: "active", server: { ipAddress: result.ipAddress, username: result.username, ...(result.password ? { password: result.password } : {}) } }, { id: null, username: provisioner.name });
          });
          deps.onQueued?.();
        }
      }
      return detail(moved);
    },

    async addNote(id: string, body: string, actor: AuditActor, ipAddress?: string): Promise<VpsOrderEvent | null> {
      return db.transaction(async (tx) => {
        const order = await findOrderById(tx, id);
        if (!order) return null;
        const row = await addEvent(tx, { orderId: id, kind: "note", body, actorUsername: actor.username });
        await recordAudit(tx, { actor, action: "vps.order.note", targetType: "vps_order", targetId: id, ...(ipAddress ? { ipAddress } : {}) });
        return toOrderEvent(row);
      });
    },

    /** Active and suspended services whose paid period ends within the renewal window. */
    async renewals(now = new Date()) {
      const until = new Date(now.getTime() + VPS_RENEWAL_WINDOW_DAYS * 86_400_000);
      return (await expiringOrders(db, until)).map((row) => ({ ...toSummary(row), daysLeft: Math.max(0, Math.ceil((row.expiresAt!.getTime() - now.getTime()) / 86_400_000)) }));
    },

    async prices(): Promise<VpsPriceItem[]> {
      const current = await catalog();
      const changed = new Set((await priceOverrides(db)).map((row) => row.itemId));
      return [
        ...current.plans.map((plan) => ({ id: plan.id, kind: "plan" as const, name: plan.name, monthly: plan.monthly, active: plan.active, changed: changed.has(plan.id) })),
        ...current.addons.map((addon) => ({ id: addon.id, kind: "addon" as const, name: addon.name, monthly: addon.monthly, active: true, changed: changed.has(addon.id) })),
      ];
    },

    async updatePrice(itemId: string, update: { monthly: VpsPrices; active: boolean }, actor: AuditActor, ipAddress?: string): Promise<VpsPriceItem[]> {
      const kind = vpsPlans.some((p) => p.id === itemId) ? "plan" : vpsAddons.some((a) => a.id === itemId) ? "addon" : null;
      if (!kind) throw new AppError("not_found", vt("priceItemNotFound"), 404);
      const before = (await catalog()).plans.find((p) => p.id === itemId)?.monthly ?? vpsAddons.find((a) => a.id === itemId)?.monthly;
      await db.transaction(async (tx) => {
        await savePriceOverride(tx, { itemId, kind, monthly: update.monthly, active: kind === "addon" || update.active ? 1 : 0, updatedBy: actor.username });
        await recordAudit(tx, { actor, action: "vps.price.update", targetType: `vps_${kind}`, targetId: itemId, details: { before, after: update.monthly, active: update.active }, ...(ipAddress ? { ipAddress } : {}) });
      });
      return this.prices();
    },
  };
}
