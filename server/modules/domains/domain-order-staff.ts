import {
  type DomainOrderDetail,
  type DomainOrderEvent,
  type DomainOrderSummary,
  type DomainTransitionRequest,
} from "#contracts/domain-orders-admin.ts";
import { DOMAIN_ORDER_TRANSITIONS, type DomainOrderStatus, type DomainQuote } from "#contracts/domain-orders.ts";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import {
  listOrderSteps,
  refundable,
  staffOrderActions,
  toOrderEvent,
  toOrderStep,
  type OrderPayments,
} from "../../lib/orders.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import { DOMAIN_ORDER_TYPE, iso } from "./domain-order-checkout.ts";
import { dt, nameserversOf, orderUrl, st } from "./domain-order-emails.ts";
import { addYears, staffStep, type MoveIn } from "./domain-order-moves.ts";
import { addEvent, findOrderById, listOrders, orderEvents, type DomainOrderRow } from "./domain-order-repository.ts";
import type { DomainFulfilment } from "./domain-fulfilment.ts";
import { renewalDetailOf, waitingRenewal } from "./domain-renewals.ts";
import type { Registrar, RegistrationResult } from "./registrar.ts";

/** What staff see of domain orders and do to them: lists, an order's record, moves, retries, refunds, notes. */

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

export function domainOrderStaff(deps: {
  db: Database;
  payments: OrderPayments;
  registrar: Registrar;
  fulfilment: Pick<DomainFulfilment, "canRetry" | "registrarFor" | "register" | "track">;
  moveIn: MoveIn;
  queued: () => void;
}) {
  const { db, payments, registrar, fulfilment, moveIn, queued } = deps;
  const { canRetry, registrarFor, register, track } = fulfilment;

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

  async function detail(row: DomainOrderRow): Promise<DomainOrderDetail> {
    const own = row.nameservers as string[];
    const stepRows = await listOrderSteps(db, DOMAIN_ORDER_TYPE, row.id);
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
      renewalWaiting: renewal
        ? { years: renewalDetailOf(renewal).years ?? 1, since: renewal.startedAt.toISOString() }
        : null,
      orderUrl: orderUrl(row.accessToken, row.language),
    };
  }

  return {
    /** The staff view of a stored order (what renewals recorded by staff answer with). */
    detailOf: detail,

    /** Staff run a failed registration again (audited); the registrar picks up where the last attempt stopped. */
    async retry(id: string, actor: AuditActor, ipAddress?: string): Promise<DomainOrderDetail> {
      const order = await findOrderById(db, id);
      if (!order) throw new AppError("not_found", dt("adminOrderNotFound"), 404);
      if (!canRetry(order, await listOrderSteps(db, DOMAIN_ORDER_TYPE, id)))
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

    async addNote(id: string, body: string, actor: AuditActor, ipAddress?: string): Promise<DomainOrderEvent | null> {
      const row = await staffActions.addNote(id, body, actor, ipAddress);
      return row && toOrderEvent(row);
    },
  };
}
