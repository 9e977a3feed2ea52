import type { DomainOrderDetail } from "#contracts/domain-orders-admin.ts";
import type { DomainCurrency } from "#contracts/domains.ts";
import { DOMAIN_RENEWAL_MAX_YEARS } from "#contracts/renewals.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { listOrderSteps, type OrderStepRow } from "../../lib/orders.ts";
import { recordAudit, type AuditActor } from "../../lib/audit.ts";
import { DOMAIN_ORDER_TYPE } from "./domain-order-checkout.ts";
import { day, dt, st, type DomainOrderEmails } from "./domain-order-emails.ts";
import { addYears, staffStep } from "./domain-order-moves.ts";
import { addEvent, findOrderById, updateOrder, type DomainOrderRow } from "./domain-order-repository.ts";
import type { DomainFulfilment } from "./domain-fulfilment.ts";
import type { DomainPriceService } from "./domain-price-service.ts";
import type { Registrar, RenewalResult } from "./registrar.ts";

/** Renewing a registered name: through the registrar, or by staff at the registry when it cannot. */

/** The renewal staff were asked to do by hand and have not recorded yet: the last "renew" step, handed to them. */
export function waitingRenewal(steps: readonly OrderStepRow[]): OrderStepRow | null {
  const last = steps.findLast((step) => step.action === "renew");
  return last?.status === "manual" ? last : null;
}
export const renewalDetailOf = (step: OrderStepRow) => (step.detail ?? {}) as { renewalId?: string; years?: number };

/** A renewal that took effect: the caller's renewal order can move on in the same transaction. */
export interface DomainRenewed {
  orderId: string;
  renewalId: string;
  expiresAt: Date;
}
export type DomainRenewedHandler = (tx: Database, renewed: DomainRenewed) => Promise<void>;

export function domainRenewals(deps: {
  db: Database;
  pricing: DomainPriceService;
  registrar: Registrar;
  fulfilment: Pick<DomainFulfilment, "registrarFor" | "steps">;
  emails: Pick<DomainOrderEmails, "askStaffToRenew">;
  queued: () => void;
  /** The staff view of an order, after staff recorded its renewal. */
  detail: (row: DomainOrderRow) => Promise<DomainOrderDetail>;
}) {
  const { db, pricing, registrar, emails, queued, detail } = deps;
  const { registrarFor, steps } = deps.fulfilment;
  const renewedHandlers: DomainRenewedHandler[] = [];
  async function renewed(tx: Database, event: DomainRenewed) {
    for (const handler of renewedHandlers) await handler(tx, event);
  }

  return {
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
      const waiting = waitingRenewal(await listOrderSteps(db, DOMAIN_ORDER_TYPE, order.id));
      if (waiting && renewalDetailOf(waiting).renewalId === input.renewalId) return { kind: "manual" };
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
        const waiting = waitingRenewal(await listOrderSteps(tx, DOMAIN_ORDER_TYPE, id));
        if (!waiting) throw new AppError("no_renewal", st("renewal.nothingWaiting"), 409);
        const { renewalId } = renewalDetailOf(waiting);
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
  };
}
