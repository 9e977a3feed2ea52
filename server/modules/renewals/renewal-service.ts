import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { DOMAIN_GRACE_DAYS, RENEWAL_REMINDER_DAYS, VPS_GRACE_DAYS } from "#content/renewals.ts";
import { formatDateIn } from "#contracts/dates.ts";
import { localizePath, type Language } from "#contracts/languages.ts";
import {
  type AccountRenewals,
  type RenewableItem,
  type RenewalCreated,
  type RenewalKind,
  type RenewalRequest,
  type RenewalStatus,
  type RenewalSummary,
  type StaffRenewal,
  type StaffRenewalListQuery,
  type StaffRenewalPage,
} from "#contracts/renewals.ts";
import type { Database } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { asLanguage, currentLanguage, serverT } from "../../lib/i18n.ts";
import type { AuditActor } from "../../lib/audit.ts";
import {
  approveOrderRefund,
  endRefundStep,
  listOrderSteps,
  listOrderStepsOf,
  newReferenceCode,
  orderCheckout,
  REFUND_STEP,
  refundable,
  type OrderPayments,
  type OrderStepRow,
} from "../../lib/orders.ts";
import { domainsExpiringBy, domainsOf, type DomainOrderService } from "../domains/index.ts";
import { queueEmail } from "../notifications/index.ts";
import { vpsExpiringBy, vpsServersOf, type VpsService } from "../vps/index.ts";
import { renewalNotices, renewalOrders } from "./renewals-schema.ts";

/** The payments capability's name for a renewal (an order of its own, paid like the others). */
export const RENEWAL_ORDER_TYPE = "renewal";

const DAY_MS = 86_400_000;
/** How long one instance holds a paid domain renewal while the registry answers. */
const LEASE_MS = 5 * 60_000;
/** After this many tries that could not reach the registry, staff take the renewal over. */
const MAX_ATTEMPTS = 12;

type RenewalRow = typeof renewalOrders.$inferSelect;

/** Renewals waiting on a person: renewed by hand at the registry, or failed and to be refunded. */
const ATTENTION: RenewalStatus[] = ["with_staff", "failed"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const et = (key: string, options: Record<string, unknown>) => serverT(`renewals.${key}`, { ns: "email", ...options });

export type RenewalService = ReturnType<typeof renewalService>;

export function renewalService(deps: {
  db: Database;
  payments: OrderPayments;
  vps: VpsService;
  domains: DomainOrderService;
  publicUrl: string;
  notifyTo: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  onQueued?: () => void;
}) {
  const { db, payments, vps, domains, publicUrl, notifyTo, log, clock } = deps;
  const pending = new Set<Promise<unknown>>();
  const track = (work: () => Promise<unknown>) => {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, "renewal follow-up failed"));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };
  const queued = () => deps.onQueued?.();
  const accountUrl = (language: string) => `${publicUrl}${localizePath("/account", asLanguage(language))}`;
  const day = (language: string, date: Date) =>
    formatDateIn(asLanguage(language), date, { dateStyle: "long", timeZone: "Africa/Kigali" });

  function toSummary(row: RenewalRow): RenewalSummary {
    return {
      reference: row.reference,
      kind: row.targetKind,
      targetId: row.targetId,
      label: row.targetLabel,
      period: row.period,
      amount: row.amount,
      currency: row.currency,
      status: row.status as RenewalStatus,
      newExpiresAt: row.newExpiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The thing renewed, if the signed-in customer holds it and it can be renewed now. */
  async function renewableFor(email: string, kind: RenewalKind, id: string) {
    const item = kind === "vps" ? await vps.renewable(id) : await domains.renewable(id, clock());
    if (!item || item.email.toLowerCase() !== email.toLowerCase()) return null;
    return { ...item, label: "hostname" in item ? item.hostname : item.domain };
  }

  /** A renewal's row moves only from where it is expected to be: one compare-and-set. */
  async function move(
    database: Database,
    id: string,
    from: RenewalStatus[],
    to: RenewalStatus,
    changes: Partial<typeof renewalOrders.$inferInsert> = {},
  ): Promise<RenewalRow | null> {
    const [row] = await database
      .update(renewalOrders)
      .set({ ...changes, status: to, updatedAt: new Date() })
      .where(and(eq(renewalOrders.id, id), inArray(renewalOrders.status, from)))
      .returning();
    return row ?? null;
  }

  async function completed(tx: Database, row: RenewalRow, expiresAt: Date): Promise<void> {
    const done = await move(tx, row.id, ["paid", "with_staff"], "completed", {
      newExpiresAt: expiresAt,
      completedAt: new Date(),
      leaseUntil: null,
    });
    if (!done) return;
    const lng = asLanguage(done.language);
    const values = {
      lng,
      service: done.targetLabel,
      reference: done.reference,
      date: day(lng, expiresAt),
      url: accountUrl(lng),
    };
    await queueEmail(tx, {
      kind: "renewals.completed",
      toAddress: done.email,
      replyTo: notifyTo,
      subject: et("completed.subject", values),
      textBody: et("completed.body", values),
    });
  }

  /** Staff are told (in English, like the admin area) and the customer's renewal waits with them. */
  async function handOver(tx: Database, row: RenewalRow, status: "with_staff" | "failed", reason: string) {
    const moved = await move(tx, row.id, ["paid"], status, { failure: reason, leaseUntil: null });
    if (!moved || status === "with_staff") return;
    const values = {
      lng: "en",
      reference: row.reference,
      service: row.targetLabel,
      kind: row.targetKind,
      period: row.period,
      amount: row.amount,
      currency: row.currency,
      reason,
    };
    await queueEmail(tx, {
      kind: "renewals.staffFailed",
      toAddress: notifyTo,
      subject: et("staffFailed.subject", values),
      textBody: et("staffFailed.body", values),
    });
  }

  // A completed payment: a server's period is extended in the payment's own transaction; a domain
  // is renewed at its registry after that transaction commits (the registry waits on the network).
  payments.onOrderPaid(RENEWAL_ORDER_TYPE, async (tx, payment) => {
    const paid = await move(tx, payment.orderRef, ["pending_payment"], "paid", {
      paidAt: new Date(),
      paymentTransactionId: payment.transactionId,
    });
    if (!paid) {
      log.error(
        { orderRef: payment.orderRef, transactionId: payment.transactionId },
        "renewal paid twice or unknown; refund it",
      );
      return;
    }
    if (paid.targetKind === "vps") {
      const extended = await vps.extendPeriod(tx, paid.targetId, paid.period, paid.reference, clock());
      if (!extended) {
        await handOver(
          tx,
          paid,
          "failed",
          "the server can no longer be renewed (cancelled or deleted): refund the payment",
        );
        queued();
        return;
      }
      await completed(tx, paid, extended.expiresAt);
      queued();
      if (extended.resume) {
        const reason = et("resumeReason", { lng: asLanguage(paid.language), reference: paid.reference });
        track(() => vps.resumeServer(paid.targetId, { reason }));
      }
      return;
    }
    queued();
    track(() => fulfilDomain(paid.id));
  });

  // After paying, the customer comes back to their account, where the renewal is listed.
  const pay = orderCheckout<RenewalRow>(payments, {
    orderType: RENEWAL_ORDER_TYPE,
    returnTo: async (orderRef) => {
      const [row] = await db.select().from(renewalOrders).where(eq(renewalOrders.id, orderRef));
      return row ? `${localizePath("/account", asLanguage(row.language))}?renewal=${row.reference}` : null;
    },
    description: (row) => et("paymentDescription", { lng: row.language, code: row.reference.slice(4) }),
    record: (row, transactionId) =>
      db.update(renewalOrders).set({ paymentTransactionId: transactionId }).where(eq(renewalOrders.id, row.id)),
  });

  // A domain renewal took effect (by the registrar, or recorded by staff): the renewal is done.
  domains.onRenewed(async (tx, renewed) => {
    if (!UUID.test(renewed.renewalId)) return;
    const [row] = await tx.select().from(renewalOrders).where(eq(renewalOrders.id, renewed.renewalId));
    if (row) await completed(tx, row, renewed.expiresAt);
  });

  // A refund staff approved has ended: a completed one closes the renewal and tells the customer; a
  // refused one leaves it failed, its step failed, for staff to try again.
  payments.onOrderRefund(RENEWAL_ORDER_TYPE, async (tx, outcome) => {
    await endRefundStep(tx, RENEWAL_ORDER_TYPE, outcome);
    if (outcome.status !== "COMPLETED") return;
    const refunded = await move(tx, outcome.orderRef, ["failed"], "refunded");
    if (!refunded) return;
    const lng = asLanguage(refunded.language);
    const values = {
      lng,
      reference: refunded.reference,
      service: refunded.targetLabel,
      amount: outcome.amount,
      currency: outcome.currency,
      url: accountUrl(lng),
    };
    await queueEmail(tx, {
      kind: "renewals.refunded",
      toAddress: refunded.email,
      replyTo: notifyTo,
      subject: et("refunded.subject", values),
      textBody: et("refunded.body", values),
    });
    queued();
  });

  /** Renews a paid domain renewal at its registry, on one instance at a time (a lease). */
  async function fulfilDomain(id: string): Promise<void> {
    // Started right after the payment's transaction: wait for its row lock, so the claim below sees
    // the committed "paid" (a row whose visible version fails the WHERE is skipped, not waited for).
    await db.select({ id: renewalOrders.id }).from(renewalOrders).where(eq(renewalOrders.id, id)).for("update");
    const now = clock();
    const [claimed] = await db
      .update(renewalOrders)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${renewalOrders.attempts} + 1` })
      .where(
        and(
          eq(renewalOrders.id, id),
          eq(renewalOrders.status, "paid"),
          or(isNull(renewalOrders.leaseUntil), lt(renewalOrders.leaseUntil, now)),
        ),
      )
      .returning();
    if (!claimed) return;
    try {
      const result = await domains.renew({ orderId: claimed.targetId, renewalId: claimed.id, years: claimed.period });
      // "renewed": onRenewed completed it in the registrar's transaction.
      if (result.kind === "manual") await handOver(db, claimed, "with_staff", "renewed by hand at the registry");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The name cannot be renewed (no longer registered): staff refund. Otherwise the next round tries again.
      if (error instanceof AppError && error.status === 409) await handOver(db, claimed, "failed", message);
      else if (claimed.attempts >= MAX_ATTEMPTS) await handOver(db, claimed, "failed", message);
      else log.warn({ renewal: claimed.reference, err: error }, "domain renewal not done yet; trying again later");
    }
    queued();
  }

  /** Claims one notice (its row) and queues its email in one transaction: true only for the one claimant. */
  async function sendOnce(
    target: { kind: RenewalKind; id: string; expiresAt: Date },
    notice: string,
    email: { kind: string; toAddress: string; subject: string; textBody: string },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(renewalNotices)
        .values({ targetKind: target.kind, targetId: target.id, expiresAt: target.expiresAt, notice })
        .onConflictDoNothing()
        .returning({ id: renewalNotices.id });
      if (!claimed) return false;
      await queueEmail(tx, { ...email, replyTo: notifyTo });
      return true;
    });
  }

  /** The tightest reminder threshold an expiry has reached (30, 7, 1 days), or null when it is further off. */
  function reminderFor(expiresAt: Date, now: Date): number | null {
    const left = expiresAt.getTime() - now.getTime();
    const reached = RENEWAL_REMINDER_DAYS.filter((days) => left <= days * DAY_MS);
    return reached.length ? Math.min(...reached) : null;
  }

  /** A renewal as staff see it, with its refund step (the payment provider's last word on it). */
  function toStaff(row: RenewalRow, steps: OrderStepRow[]): StaffRenewal {
    const refund = steps.findLast((step) => step.action === REFUND_STEP);
    return {
      ...toSummary(row),
      id: row.id,
      email: row.email,
      paidAt: row.paidAt?.toISOString() ?? null,
      failure: row.failure,
      refundable: refundable(row.status === "failed", row.paymentTransactionId !== null, steps),
      refund: refund
        ? { status: refund.status, updatedAt: (refund.finishedAt ?? refund.startedAt).toISOString() }
        : null,
    };
  }

  return {
    /** What the signed-in customer can renew, their renewals, and the policy the page states. */
    async forAccount(email: string): Promise<AccountRenewals> {
      const [servers, names, rows] = await Promise.all([
        vpsServersOf(db, email),
        domainsOf(db, email),
        db
          .select()
          .from(renewalOrders)
          .where(sql`lower(${renewalOrders.email}) = ${email.toLowerCase()}`)
          .orderBy(desc(renewalOrders.createdAt))
          .limit(50),
      ]);
      const items: RenewableItem[] = [];
      for (const server of servers) {
        const item = await vps.renewable(server.id);
        if (item)
          items.push({
            kind: "vps",
            id: item.id,
            label: item.hostname,
            expiresAt: item.expiresAt.toISOString(),
            unit: "months",
            options: item.options,
          });
      }
      for (const name of names) {
        const item = await domains.renewable(name.id, clock());
        if (item)
          items.push({
            kind: "domain",
            id: item.id,
            label: item.domain,
            expiresAt: item.expiresAt.toISOString(),
            unit: "years",
            options: item.options,
          });
      }
      return {
        items,
        renewals: rows.map(toSummary),
        policy: {
          reminderDays: [...RENEWAL_REMINDER_DAYS],
          vpsGraceDays: VPS_GRACE_DAYS,
          domainGraceDays: DOMAIN_GRACE_DAYS,
        },
      };
    },

    /** A renewal order for one of the customer's services, and the payment page for it. */
    async create(
      email: string,
      request: RenewalRequest,
      context: { ipAddress?: string; language?: Language },
    ): Promise<RenewalCreated> {
      const item = await renewableFor(email, request.kind, request.id);
      if (!item)
        throw new AppError("not_found", serverT("renewals.notRenewable"), 404, {
          fields: { id: serverT("renewals.notRenewable") },
        });
      const option = item.options.find((o) => o.period === request.period);
      if (!option) throw fieldError("period", serverT("renewals.periodInvalid"));
      const language = context.language ?? currentLanguage();
      const id = randomUUID();
      const [row] = await db
        .insert(renewalOrders)
        .values({
          id,
          reference: `REN-${newReferenceCode()}`,
          targetKind: request.kind,
          targetId: item.id,
          targetLabel: item.label,
          period: option.period,
          email: item.email,
          phoneNumber: item.phoneNumber,
          language,
          currency: option.currency,
          amount: String(option.amount),
          status: "pending_payment",
        })
        .returning();
      const payment = await pay(row!, context.ipAddress);
      return { reference: row!.reference, redirectUrl: payment.redirectUrl };
    },

    /**
     * One round of the schedule (every listening instance runs it; each step is claimed, so rounds
     * racing on several instances do each thing once): reminders 30, 7 and 1 days before expiry;
     * the expiry warning; servers suspended once their grace period is over; paid domain renewals
     * the registry has not done yet.
     */
    async runDue(now: Date = clock()): Promise<{ sent: number }> {
      const horizon = new Date(now.getTime() + Math.max(...RENEWAL_REMINDER_DAYS) * DAY_MS);
      let sent = 0;
      for (const server of await vpsExpiringBy(db, horizon)) {
        const lng = asLanguage(server.language);
        const values = {
          lng,
          name: server.customerName,
          service: server.hostname,
          reference: server.reference,
          date: day(lng, server.expiresAt),
          suspendDate: day(lng, new Date(server.expiresAt.getTime() + VPS_GRACE_DAYS * DAY_MS)),
          url: accountUrl(lng),
        };
        const target = { kind: "vps" as const, id: server.id, expiresAt: server.expiresAt };
        const threshold = reminderFor(server.expiresAt, now);
        const notice = server.expiresAt <= now ? "expired" : `remind-${threshold}`;
        const key = server.expiresAt <= now ? "vpsExpired" : "vpsReminder";
        if (
          await sendOnce(target, notice, {
            kind: `renewals.${key}`,
            toAddress: server.email,
            subject: et(`${key}.subject`, values),
            textBody: et(`${key}.body`, values),
          })
        )
          sent++;
        if (server.expiresAt.getTime() + VPS_GRACE_DAYS * DAY_MS <= now.getTime()) {
          // A compare-and-set inside: of several instances, one moves it and stops the server.
          const reason = et("suspendReason", { lng, date: day(lng, server.expiresAt) });
          await vps.suspendServer(server.id, { reason });
        }
      }
      for (const name of await domainsExpiringBy(db, horizon)) {
        const lng = asLanguage(name.language);
        const values = {
          lng,
          name: name.customerName,
          service: name.domain,
          reference: name.reference,
          date: day(lng, name.expiresAt),
          graceDate: day(lng, new Date(name.expiresAt.getTime() + DOMAIN_GRACE_DAYS * DAY_MS)),
          url: accountUrl(lng),
        };
        const expired = name.expiresAt <= now;
        const key = expired ? "domainExpired" : "domainReminder";
        if (
          await sendOnce(
            { kind: "domain", id: name.id, expiresAt: name.expiresAt },
            expired ? "expired" : `remind-${reminderFor(name.expiresAt, now)}`,
            {
              kind: `renewals.${key}`,
              toAddress: name.email,
              subject: et(`${key}.subject`, values),
              textBody: et(`${key}.body`, values),
            },
          )
        )
          sent++;
      }
      // Paid domain renewals whose registry call was lost (a restart) or could not be made yet.
      const due = await db
        .select({ id: renewalOrders.id })
        .from(renewalOrders)
        .where(
          and(
            eq(renewalOrders.status, "paid"),
            eq(renewalOrders.targetKind, "domain"),
            or(isNull(renewalOrders.leaseUntil), lt(renewalOrders.leaseUntil, now)),
          ),
        )
        .limit(20);
      for (const { id } of due) await fulfilDomain(id);
      if (sent) queued();
      return { sent };
    },

    /** Renewals for staff, newest first: one status, those waiting on a person, or all; with counts. */
    async listForStaff(query: StaffRenewalListQuery): Promise<StaffRenewalPage> {
      const where =
        query.status === "attention"
          ? inArray(renewalOrders.status, ATTENTION)
          : query.status
            ? eq(renewalOrders.status, query.status)
            : undefined;
      const [rows, byStatus] = await Promise.all([
        db
          .select()
          .from(renewalOrders)
          .where(where)
          .orderBy(desc(renewalOrders.createdAt), desc(renewalOrders.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ status: renewalOrders.status, n: count() }).from(renewalOrders).groupBy(renewalOrders.status),
      ]);
      const counts: Record<string, number> = Object.fromEntries(byStatus.map((c) => [c.status, c.n]));
      counts.attention = ATTENTION.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
      // The filter's total is one of the counts: every status, one status, or those needing a person.
      const total = query.status ? (counts[query.status] ?? 0) : byStatus.reduce((sum, c) => sum + c.n, 0);
      const steps = await listOrderStepsOf(
        db,
        RENEWAL_ORDER_TYPE,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => toStaff(row, steps.get(row.id) ?? [])),
        total,
        page: query.page,
        pageSize: query.pageSize,
        counts,
      };
    },

    /**
     * Staff approve the refund of a failed, paid renewal: sent through the payment provider under its
     * own id (audited, one approval of many parallel ones); the renewal moves to refunded once the
     * provider confirms.
     */
    async approveRefund(id: string, actor: AuditActor, ipAddress?: string): Promise<StaffRenewal> {
      const notFound = () => new AppError("not_found", serverT("renewals.adminNotFound"), 404);
      if (!UUID.test(id)) throw notFound();
      await approveOrderRefund(
        db,
        payments,
        { orderType: RENEWAL_ORDER_TYPE, orderId: id, auditAction: "renewal.refund", targetType: "renewal_order" },
        {
          lock: async (tx) => {
            const [row] = await tx.select().from(renewalOrders).where(eq(renewalOrders.id, id)).for("update");
            return row ? { ...row, waitsForRefund: row.status === "failed" } : null;
          },
          notFound,
          notRefundable: () => new AppError("not_refundable", serverT("renewals.notRefundable"), 409),
        },
        actor,
        ipAddress,
      );
      const [after] = await db.select().from(renewalOrders).where(eq(renewalOrders.id, id));
      return toStaff(after!, await listOrderSteps(db, RENEWAL_ORDER_TYPE, id));
    },

    /** Resolves once follow-ups started here (registry renewals, restarts) have finished. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
