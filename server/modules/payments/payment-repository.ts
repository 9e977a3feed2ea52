import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { TransactionStatus } from "#contracts/payments.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { paymentEvents, paymentTransactions } from "./payments-schema.ts";
import { canMove } from "./payment-state.ts";

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NewTransaction = typeof paymentTransactions.$inferInsert;
export type EventRow = typeof paymentEvents.$inferSelect;

export async function insertTransaction(db: Database, row: NewTransaction): Promise<TransactionRow> {
  const [inserted] = await db.insert(paymentTransactions).values(row).returning();
  return inserted!;
}

export async function findTransaction(db: Database, id: string): Promise<TransactionRow | null> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row ?? null;
}

export async function recordEvent(
  db: Database,
  event: {
    transactionId: string;
    source: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    applied?: boolean;
    raw?: unknown;
  },
): Promise<void> {
  await db.insert(paymentEvents).values({
    transactionId: event.transactionId,
    source: event.source,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    applied: event.applied ? 1 : 0,
    raw: event.raw === undefined ? null : (event.raw as object),
  });
}

export async function listEvents(db: Database, transactionId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.transactionId, transactionId))
    .orderBy(paymentEvents.id);
}

export interface Transition {
  status: TransactionStatus;
  providerStatus?: string | null;
  provider?: string | null;
  providerTransactionId?: string | null;
  failureCode?: string | null;
  failureMessage?: string | null;
  nextCheckAt?: Date | null;
}

/**
 * Moves a payment forward, atomically: the row is locked, the move applied only if it goes
 * forward, and the event recorded either way. `onCompleted` (and `onFailed`) run inside the same
 * transaction, exactly once per payment (a second final status finds it final and changes nothing).
 */
export async function applyTransition(
  db: Database,
  id: string,
  change: Transition,
  event: { source: string; raw?: unknown },
  onCompleted?: (tx: Database, row: TransactionRow) => Promise<void>,
  onFailed?: (tx: Database, row: TransactionRow) => Promise<void>,
): Promise<{ row: TransactionRow | null; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).for("update");
    if (!current) return { row: null, changed: false };
    const move = current.status !== change.status && canMove(current.status, change.status);
    const now = new Date();
    let row = current;
    if (move) {
      const final = change.status === "COMPLETED" || change.status === "FAILED" || change.status === "TIMEOUT";
      [row] = (await tx
        .update(paymentTransactions)
        .set({
          status: change.status,
          providerStatus: change.providerStatus === undefined ? current.providerStatus : change.providerStatus,
          provider: change.provider ?? current.provider,
          providerTransactionId: change.providerTransactionId ?? current.providerTransactionId,
          failureCode: change.status === "COMPLETED" ? null : (change.failureCode ?? current.failureCode),
          failureMessage: change.status === "COMPLETED" ? null : (change.failureMessage ?? current.failureMessage),
          completedAt: final ? now : null,
          nextCheckAt: final ? null : change.nextCheckAt === undefined ? current.nextCheckAt : change.nextCheckAt,
          updatedAt: now,
        })
        .where(eq(paymentTransactions.id, id))
        .returning()) as [TransactionRow];
    } else if (change.nextCheckAt !== undefined && !["COMPLETED", "FAILED"].includes(current.status)) {
      const providerStatus = change.providerStatus === undefined ? current.providerStatus : change.providerStatus;
      [row] = (await tx
        .update(paymentTransactions)
        .set({
          nextCheckAt: current.status === "TIMEOUT" ? null : change.nextCheckAt,
          providerStatus,
          lastCheckedAt: now,
        })
        .where(eq(paymentTransactions.id, id))
        .returning()) as [TransactionRow];
    }
    await recordEvent(tx, {
      transactionId: id,
      source: event.source,
      fromStatus: current.status,
      toStatus: change.status,
      applied: move,
      raw: event.raw,
    });
    if (move && change.status === "COMPLETED" && onCompleted) await onCompleted(tx, row);
    if (move && change.status === "FAILED" && onFailed) await onFailed(tx, row);
    return { row, changed: move };
  });
}

export async function touchChecked(db: Database, id: string, nextCheckAt: Date | null): Promise<void> {
  await db
    .update(paymentTransactions)
    .set({ lastCheckedAt: new Date(), nextCheckAt })
    .where(eq(paymentTransactions.id, id));
}

/**
 * Claims up to `limit` payments due for a status check, pushing their next check out by
 * `leaseMs` so another instance running the same job skips them (SKIP LOCKED).
 */
export async function claimDueChecks(db: Database, limit: number, leaseMs: number): Promise<TransactionRow[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update payment_transactions set next_check_at = now() + (${leaseMs} * interval '1 millisecond'), check_attempts = check_attempts + 1
        where id in (
          select id from payment_transactions
          where next_check_at is not null and next_check_at <= now()
          order by next_check_at
          limit ${limit}
          for update skip locked
        )
        returning id`,
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(paymentTransactions)
    .where(
      inArray(
        paymentTransactions.id,
        rows.map((r) => r.id),
      ),
    );
}

export interface ListFilters {
  status?: string;
  kind?: string;
  country?: string;
  currency?: string;
  from?: string;
  to?: string;
  minAmount?: number;
  maxAmount?: number;
  q?: string;
}

function whereOf(filters: ListFilters): SQL | undefined {
  const t = paymentTransactions;
  const conditions: Array<SQL | undefined> = [
    filters.status ? eq(t.status, filters.status as TransactionRow["status"]) : undefined,
    filters.kind ? eq(t.kind, filters.kind as TransactionRow["kind"]) : undefined,
    filters.country ? eq(t.country, filters.country) : undefined,
    filters.currency ? eq(t.currency, filters.currency) : undefined,
    filters.from ? gte(t.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lte(t.createdAt, new Date(`${filters.to}T23:59:59.999Z`)) : undefined,
    filters.minAmount !== undefined ? sql`${t.amount}::numeric >= ${filters.minAmount}` : undefined,
    filters.maxAmount !== undefined ? sql`${t.amount}::numeric <= ${filters.maxAmount}` : undefined,
    filters.q
      ? or(
          sql`${t.id}::text = ${filters.q}`,
          eq(t.providerTransactionId, filters.q),
          eq(t.phoneNumber, filters.q.replace(/\D/g, "") || filters.q),
          eq(t.orderRef, filters.q),
        )
      : undefined,
  ];
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

export async function listTransactions(
  db: Database,
  filters: ListFilters,
  page: number,
  pageSize: number,
): Promise<{ items: TransactionRow[]; total: number }> {
  const where = whereOf(filters);
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(paymentTransactions)
      .where(where)
      .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(paymentTransactions).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}

/** Completed deposit totals per currency for the same filters (the overview figures). */
export async function completedTotals(
  db: Database,
  filters: ListFilters,
): Promise<Array<{ currency: string; completedAmount: string; completedCount: number }>> {
  const where = and(
    whereOf({ ...filters, status: undefined }),
    eq(paymentTransactions.status, "COMPLETED"),
    eq(paymentTransactions.kind, "deposit"),
  );
  const rows = await db
    .select({
      currency: paymentTransactions.currency,
      completedAmount: sql<string>`sum(${paymentTransactions.amount}::numeric)::text`,
      completedCount: count(),
    })
    .from(paymentTransactions)
    .where(where)
    .groupBy(paymentTransactions.currency)
    .orderBy(paymentTransactions.currency);
  return rows.map((r) => ({
    currency: r.currency,
    completedAmount: r.completedAmount ?? "0",
    completedCount: Number(r.completedCount),
  }));
}

export async function findByOrder(
  db: Database,
  orderType: string,
  orderRef: string,
  kind?: TransactionRow["kind"],
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderType, orderType),
        eq(paymentTransactions.orderRef, orderRef),
        kind ? eq(paymentTransactions.kind, kind) : undefined,
      ),
    )
    .orderBy(desc(paymentTransactions.createdAt));
}

/** The refunds of a deposit, newest first. */
export async function refundsOf(db: Database, depositId: string): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.kind, "refund"), eq(paymentTransactions.refundOf, depositId)))
    .orderBy(desc(paymentTransactions.createdAt));
}
