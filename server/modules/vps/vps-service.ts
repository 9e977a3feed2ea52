import type { FastifyBaseLogger } from "fastify";
import { VPS_RENEWAL_WINDOW_DAYS } from "#content/vps.ts";
import {
  type VpsOrderDetail,
  type VpsOrderEvent,
  type VpsOrderSummary,
  type VpsPriceItem,
  type VpsClusterHealth,
} from "#contracts/vps-admin.ts";
import {
  type VpsPrices,
  canMoveVpsOrder,
  quoteVps,
  VPS_TRANSITIONS,
  type VpsOrderStatus,
  type VpsQuote,
} from "#contracts/vps.ts";
import type { VpsTransitionRequest } from "#contracts/vps-admin.ts";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { stepRecorder, toOrderEvent, type OrderPayments, staffOrderActions } from "../../lib/orders.ts";
import { asLanguage } from "../../lib/i18n.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import type { CredentialCipher } from "./credential-cipher.ts";
import type { Provisioner, ServerAction } from "./provisioner.ts";
import { vpsCheckout } from "./vps-checkout.ts";
import { vpsFulfilment, VPS_ORDER_TYPE } from "./vps-fulfilment.ts";
import { updateVpsPrice, vpsCatalog, vpsPrices } from "./vps-catalog.ts";
import { orderUrl, vpsOrderEmails, vt, type PlanSnapshot } from "./vps-order-emails.ts";
import { vpsOrderPayments } from "./vps-order-payments.ts";
import {
  addEvent,
  markServerDeleted,
  stoppedBefore,
  expiringOrders,
  findOrderById,
  listOrders,
  moveOrder,
  orderEvents,
  updateOrder,
  type VpsOrderRow,
} from "./vps-repository.ts";

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

/** What a status move does to a running server: a cancelled service stops too (its disk waits for deletion). */
function serverActionFor(from: VpsOrderStatus, to: VpsOrderStatus): ServerAction | null {
  if (from === "active" && (to === "suspended" || to === "cancelled")) return "suspend";
  if (from === "suspended" && to === "active") return "resume";
  return null;
}

const HEALTH_TTL_MS = 30_000;

/** A move nobody signed in made (the renewals job, a provisioner). */
const SYSTEM: AuditActor = { id: null, username: null };

/** Orders whose server may be deleted: no longer served, and not deleted yet. */
const DELETABLE: readonly VpsOrderStatus[] = ["suspended", "cancelled"];

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
  /** How long one instance holds a build before another may take it over (longer than a build takes). */
  provisionLeaseMs?: number;
  /** Days a stopped server's disk is kept before staff are asked to delete it. */
  retentionDays?: number;
}) {
  const { db, payments, cipher, provisioner, publicUrl, notifyTo, log } = deps;
  const retentionDays = deps.retentionDays ?? 30;
  let healthCache: { at: number; value: Promise<VpsClusterHealth[]> } | null = null;
  const emails = vpsOrderEmails({ publicUrl, notifyTo, provisioner: provisioner.name });
  const { notify, notifyStaff } = emails;

  /** The catalogue with staff price changes applied (see vpsCatalog). */
  const catalog = (database: Database = db) => vpsCatalog(database);

  const fulfilment = vpsFulfilment({
    db,
    provisioner,
    cipher,
    log,
    transitionIn: (tx, order, request, actor) => transitionIn(tx, order, request, actor),
    notifyStaff,
    queued: () => deps.onQueued?.(),
    leaseMs: deps.provisionLeaseMs ?? 30 * 60_000,
  });

  vpsOrderPayments({
    payments,
    provisioner,
    fulfilment,
    transitionIn,
    emails,
    log,
    queued: () => deps.onQueued?.(),
  });

  const staffActions = staffOrderActions(db, payments, {
    orderType: VPS_ORDER_TYPE,
    targetType: "vps_order",
    auditPrefix: "vps.order",
    find: findOrderById,
    addEvent,
    waitsForRefund: (order) => order.status === "failed",
    notFound: () => new AppError("not_found", vt("adminOrderNotFound"), 404),
    notRefundable: () => new AppError("not_refundable", vt("refund.notRefundable"), 409),
    refundApproved: (fulfiller) => vt("refund.approved", { fulfiller, lng: "en" }),
  });

  // The customer's side: placing an order, paying for it, following it by its link.
  const checkout = vpsCheckout({ db, payments, cipher, emails, queued: () => deps.onQueued?.() });

  async function transitionIn(
    tx: Database,
    order: VpsOrderRow,
    request: z.output<typeof VpsTransitionRequest>,
    actor: AuditActor,
    ipAddress?: string,
  ): Promise<VpsOrderRow> {
    const from = order.status as VpsOrderStatus;
    const { to } = request;
    // Only a completed payment marks an order paid; staff cannot.
    if (!canMoveVpsOrder(from, to) || (to === "paid" && actor.id !== null)) {
      throw new AppError(
        "invalid_transition",
        vt("cannotMove", { from: vt(`status.${from}`), to: vt(`status.${to}`) }),
        409,
      );
    }
    const changes: Partial<VpsOrderRow> = {};
    let emailKind: string = to;
    // Parts of the customer's email, in the customer's language (this request is a member of staff's).
    const lng = asLanguage(order.language);
    const extra: Record<string, unknown> = {
      reason: request.reason ? vt("email.reasonLine", { reason: request.reason.replace(/\.$/, ""), lng }) : "",
    };
    if (to === "active" && from === "provisioning") {
      const server = request.server;
      if (!server) throw fieldError("server.ipAddress", vt("serverMissing"));
      if (order.accessMethod === "password" && !server.password)
        throw fieldError("server.password", vt("passwordMissing"));
      const now = new Date();
      Object.assign(changes, {
        serverIp: server.ipAddress,
        serverUsername: server.username,
        credentialsCiphertext:
          order.accessMethod === "password" && server.password ? cipher.encrypt(server.password, order.id) : null,
        credentialsRevealedAt: null,
        activatedAt: now,
        expiresAt: order.expiresAt ?? addMonths(now, order.periodMonths),
      });
      extra.ip = server.ipAddress;
      extra.username = server.username;
      extra.expiresAt = (changes.expiresAt as Date).toISOString().slice(0, 10);
      extra.login =
        order.accessMethod === "ssh_key"
          ? vt("email.loginWithKey", { username: server.username, ip: server.ipAddress, lng })
          : vt("email.loginWithPassword", { lng });
    } else if (to === "active") {
      emailKind = "reactivated";
    }
    if (to === "provisioning") {
      changes.provisioner = provisioner.fulfillerFor(order.locationId);
      // Staff sending it (back) to provisioning: an automatic provisioner builds it now.
      if (fulfilment.isAutomatic(order) && actor.id !== null)
        Object.assign(changes, { provisionDueAt: new Date(), provisionAttempts: 0, provisionLeaseUntil: null });
    }
    if (to === "suspended" || (to === "cancelled" && from === "active")) changes.suspendedAt = new Date();
    if (to === "active" && from === "suspended") changes.suspendedAt = null;
    const moved = await moveOrder(tx, order.id, from, to, changes);
    if (!moved)
      throw new AppError("conflict", vt("cannotMove", { from: vt(`status.${from}`), to: vt(`status.${to}`) }), 409);
    await addEvent(tx, {
      orderId: order.id,
      kind: "status",
      fromStatus: from,
      toStatus: to,
      body: request.reason ?? null,
      actorUsername: actor.username,
    });
    // The audit trail says what happened, never the login details.
    await recordAudit(tx, {
      actor,
      action: "vps.order.status",
      targetType: "vps_order",
      targetId: order.id,
      details: {
        from,
        to,
        reference: order.reference,
        ...(request.server ? { ipAddress: request.server.ipAddress, username: request.server.username } : {}),
      },
      ...(ipAddress ? { ipAddress } : {}),
    });
    await notify(tx, moved, emailKind, extra);
    if (to === "active" && from === "provisioning" && actor.id !== null && request.server) {
      // Built by hand: the step staff took, beside any an automatic provisioner recorded.
      const step = await stepRecorder(
        tx,
        { orderType: VPS_ORDER_TYPE, orderId: order.id },
        "manual",
        actor.username,
      ).start("provision:by-hand");
      await step.succeed(
        vt("fulfilment.builtByHand", { ip: request.server.ipAddress, username: request.server.username, lng: "en" }),
      );
    }
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
      serverDeletedAt: iso(row.serverDeletedAt),
      canDeleteServer: DELETABLE.includes(row.status as VpsOrderStatus) && !row.serverDeletedAt,
      paidAt: iso(row.paidAt),
      activatedAt: iso(row.activatedAt),
      nextStatuses: VPS_TRANSITIONS[row.status as VpsOrderStatus].filter((status) => status !== "paid"),
      events: (await orderEvents(db, row.id)).map(toOrderEvent),
      fulfilment: await fulfilment.fulfilmentOf(row),
      orderUrl: orderUrl(row.accessToken, row.language),
    };
  }

  async function transition(
    id: string,
    request: z.output<typeof VpsTransitionRequest>,
    actor: AuditActor,
    ipAddress?: string,
  ): Promise<VpsOrderDetail> {
    let from: VpsOrderStatus | undefined;
    const moved = await db.transaction(async (tx) => {
      const order = await findOrderById(tx, id, true);
      if (!order) throw new AppError("not_found", vt("adminOrderNotFound"), 404);
      from = order.status as VpsOrderStatus;
      return transitionIn(tx, order, request, actor, ipAddress);
    });
    deps.onQueued?.();
    const action = serverActionFor(from!, moved.status as VpsOrderStatus);
    if (action) await fulfilment.serverAction(moved, action, actor);
    else if (moved.status === "provisioning" && fulfilment.isAutomatic(moved)) fulfilment.schedule(id, actor.username);
    return detail((await findOrderById(db, id)) ?? moved);
  }

  /** A move another capability asks for, applied only if the order is still where it expects. */
  async function moveIfIn(
    id: string,
    from: VpsOrderStatus,
    to: VpsOrderStatus,
    options: { reason?: string; actor?: AuditActor },
  ): Promise<VpsOrderDetail | null> {
    const row = await findOrderById(db, id);
    if (!row) return null;
    if (row.status !== from) return detail(row);
    try {
      return await transition(
        id,
        { to, ...(options.reason ? { reason: options.reason } : {}) },
        options.actor ?? SYSTEM,
      );
    } catch (error) {
      // Someone else moved it meanwhile: what they did stands.
      if (error instanceof AppError && error.status === 409) return detail((await findOrderById(db, id))!);
      throw error;
    }
  }

  return {
    catalog: () => catalog(),
    ...checkout,

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
    transition,

    /** Staff's retry of a failed (or handed-over) step: builds again from where it stopped, or repeats the server action. */
    async retry(id: string, actor: AuditActor, ipAddress?: string): Promise<VpsOrderDetail> {
      await fulfilment.retry(id, actor, ipAddress);
      return detail((await findOrderById(db, id))!);
    },

    /** Staff approve the refund of a failed order (see staffOrderActions). */
    async approveRefund(id: string, actor: AuditActor, ipAddress?: string): Promise<VpsOrderDetail> {
      await staffActions.approveRefund(id, actor, ipAddress);
      return detail((await findOrderById(db, id))!);
    },

    /** The provisioning job's round (every listening instance): builds due now. */
    runDue: () => fulfilment.runDue(),

    /** Resolves when builds and server actions started here have finished. */
    idle: () => fulfilment.idle(),

    /** Each configured cluster's health, checked at most every 30 s per instance (the dashboard polls). */
    async clusterHealth(): Promise<VpsClusterHealth[]> {
      if (!provisioner.health) return [];
      if (!healthCache || Date.now() - healthCache.at > HEALTH_TTL_MS) {
        const value = provisioner.health();
        healthCache = { at: Date.now(), value };
        value.catch(() => (healthCache = null));
      }
      return healthCache.value;
    },

    /** Servers stopped longer than the retention period and not yet deleted: staff confirm each deletion. */
    async serversToDelete(now = new Date()) {
      const before = new Date(now.getTime() - retentionDays * 86_400_000);
      return (await stoppedBefore(db, before)).map((row) => ({
        ...toSummary(row),
        suspendedAt: row.suspendedAt!.toISOString(),
        daysStopped: Math.floor((now.getTime() - row.suspendedAt!.getTime()) / 86_400_000),
      }));
    },

    /**
     * Suspends a running service and stops its server (renewals: unpaid after the grace period).
     * Idempotent: an order that is not active (already suspended, cancelled) is left as it is.
     * Null: no such order.
     */
    async suspendServer(id: string, options: { reason?: string; actor?: AuditActor } = {}) {
      return moveIfIn(id, "active", "suspended", options);
    },

    /** Runs a suspended service again and starts its server (renewals: paid). Idempotent like suspendServer. */
    async resumeServer(id: string, options: { reason?: string; actor?: AuditActor } = {}) {
      return moveIfIn(id, "suspended", "active", options);
    },

    /**
     * Deletes the server of a suspended or cancelled order for good, after staff confirmed it by
     * typing the order's reference (the retention period is over). A suspended order becomes
     * cancelled first. The provisioner deletes it, or staff are asked to.
     */
    async destroyServer(
      id: string,
      confirmation: { reference: string; reason?: string | undefined },
      actor: AuditActor,
      ipAddress?: string,
    ): Promise<VpsOrderDetail> {
      const row = await findOrderById(db, id);
      if (!row) throw new AppError("not_found", vt("adminOrderNotFound"), 404);
      if (confirmation.reference.trim().toUpperCase() !== row.reference)
        throw fieldError("reference", vt("destroyConfirm", { reference: row.reference }));
      if (!DELETABLE.includes(row.status as VpsOrderStatus) || row.serverDeletedAt)
        throw new AppError("not_deletable", vt("notDeletable"), 409);
      let current = row;
      if (row.status === "suspended") {
        current = await db.transaction(async (tx) => {
          const order = (await findOrderById(tx, id, true))!;
          return transitionIn(
            tx,
            order,
            { to: "cancelled", ...(confirmation.reason ? { reason: confirmation.reason } : {}) },
            actor,
            ipAddress,
          );
        });
        deps.onQueued?.();
      }
      const claimed = await markServerDeleted(db, id);
      if (!claimed) throw new AppError("not_deletable", vt("notDeletable"), 409);
      await recordAudit(db, {
        actor,
        action: "vps.server.delete",
        targetType: "vps_order",
        targetId: id,
        details: { reference: row.reference, provisioner: provisioner.name },
        ...(ipAddress ? { ipAddress } : {}),
      });
      await fulfilment.serverAction(current, "destroy", actor);
      return detail((await findOrderById(db, id))!);
    },

    async addNote(id: string, body: string, actor: AuditActor, ipAddress?: string): Promise<VpsOrderEvent | null> {
      const row = await staffActions.addNote(id, body, actor, ipAddress);
      return row && toOrderEvent(row);
    },

    /* ------------------------------------------------------------ renewals (from the customer's account) */

    /**
     * A service its customer may renew (running, or suspended with its server kept): each billing
     * period priced from today's catalogue (staff price changes included) in the currency it was
     * bought in, with the same add-ons. Null: no such order, or nothing left to renew.
     */
    async renewable(id: string) {
      const row = await findOrderById(db, id);
      if (!row || !row.expiresAt || row.serverDeletedAt) return null;
      if (row.status !== "active" && row.status !== "suspended") return null;
      const current = await catalog();
      if (!current.plans.some((p) => p.id === row.planId)) return null;
      const addons = (Array.isArray(row.addons) ? {} : row.addons) as Parameters<typeof quoteVps>[1]["addons"];
      const options = current.periods.map((period) => {
        const quote = quoteVps(current, {
          planId: row.planId,
          periodMonths: period.months,
          addons,
          currency: row.currency as VpsQuote["currency"],
        });
        return { period: period.months, amount: quote.total, currency: row.currency };
      });
      return {
        id: row.id,
        reference: row.reference,
        hostname: row.hostname,
        email: row.email,
        phoneNumber: row.phoneNumber,
        language: row.language,
        status: row.status as VpsOrderStatus,
        expiresAt: row.expiresAt,
        options,
      };
    },

    /**
     * A paid renewal adds `months` to the service, in the payment's transaction: from the end of
     * the paid period while it runs, from today when it was suspended (the stopped days are not
     * charged). Returns the new expiry and whether the server must be started again (`resumeServer`,
     * after the transaction commits); null when the order cannot be renewed any more.
     */
    async extendPeriod(tx: Database, id: string, months: number, renewalReference: string, now: Date) {
      const row = await findOrderById(tx, id, true);
      if (!row || !row.expiresAt || (row.status !== "active" && row.status !== "suspended")) return null;
      const suspended = row.status === "suspended";
      const from = suspended && row.expiresAt < now ? now : row.expiresAt;
      const expiresAt = addMonths(from, months);
      await updateOrder(tx, id, { expiresAt });
      await addEvent(tx, {
        orderId: id,
        kind: "note",
        body: vt("renewal.extended", {
          reference: renewalReference,
          count: months,
          expiresAt: expiresAt.toISOString().slice(0, 10),
          lng: "en",
        }),
      });
      return { expiresAt, resume: suspended };
    },

    /** Active and suspended services whose paid period ends within the renewal window. */
    async renewals(now = new Date()) {
      const until = new Date(now.getTime() + VPS_RENEWAL_WINDOW_DAYS * 86_400_000);
      return (await expiringOrders(db, until)).map((row) => ({
        ...toSummary(row),
        daysLeft: Math.max(0, Math.ceil((row.expiresAt!.getTime() - now.getTime()) / 86_400_000)),
      }));
    },

    prices: (): Promise<VpsPriceItem[]> => vpsPrices(db),

    updatePrice: (
      itemId: string,
      update: { monthly: VpsPrices; active: boolean },
      actor: AuditActor,
      ipAddress?: string,
    ): Promise<VpsPriceItem[]> => updateVpsPrice(db, itemId, update, actor, ipAddress),
  };
}
