import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import type { DomainOrderStatus } from "#contracts/domain-orders.ts";
import type { Database } from "../../db/client.ts";
import { orderTotals, type DayRange } from "../../lib/report-range.ts";
import { domainCurrencyRates, domainOrderEvents, domainOrders, domainTldPrices } from "./domains-schema.ts";

export type DomainOrderRow = typeof domainOrders.$inferSelect;
export type DomainOrderEventRow = typeof domainOrderEvents.$inferSelect;
export type TldPriceRow = typeof domainTldPrices.$inferSelect;
export type CurrencyRateRow = typeof domainCurrencyRates.$inferSelect;

export async function insertOrder(db: Database, row: typeof domainOrders.$inferInsert): Promise<DomainOrderRow> {
  const [inserted] = await db.insert(domainOrders).values(row).returning();
  return inserted!;
}

export async function findOrderById(db: Database, id: string, forUpdate = false): Promise<DomainOrderRow | null> {
  const query = db.select().from(domainOrders).where(eq(domainOrders.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function findOrderByToken(db: Database, token: string): Promise<DomainOrderRow | null> {
  const [row] = await db.select().from(domainOrders).where(eq(domainOrders.accessToken, token));
  return row ?? null;
}

/**
 * Moves an order from one status to another only if it is still in `from` (a compare-and-set:
 * two staff clicking at once, or a payment racing a cancellation, cannot both apply).
 */
export async function moveOrder(
  db: Database,
  id: string,
  from: DomainOrderStatus,
  to: DomainOrderStatus,
  changes: Partial<typeof domainOrders.$inferInsert> = {},
): Promise<DomainOrderRow | null> {
  const [row] = await db
    .update(domainOrders)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(domainOrders.id, id), eq(domainOrders.status, from)))
    .returning();
  return row ?? null;
}

export async function updateOrder(
  db: Database,
  id: string,
  changes: Partial<typeof domainOrders.$inferInsert>,
): Promise<DomainOrderRow | null> {
  const [row] = await db
    .update(domainOrders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(domainOrders.id, id))
    .returning();
  return row ?? null;
}

export async function addEvent(
  db: Database,
  event: typeof domainOrderEvents.$inferInsert,
): Promise<DomainOrderEventRow> {
  const [row] = await db.insert(domainOrderEvents).values(event).returning();
  return row!;
}

export async function orderEvents(db: Database, orderId: string): Promise<DomainOrderEventRow[]> {
  return db
    .select()
    .from(domainOrderEvents)
    .where(eq(domainOrderEvents.orderId, orderId))
    .orderBy(asc(domainOrderEvents.id));
}

/** LIKE wildcards typed by staff are matched literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listOrders(
  db: Database,
  query: { status?: DomainOrderStatus | undefined; q?: string | undefined; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(domainOrders.status, query.status));
  if (query.q) {
    const pattern = likeText(query.q);
    conditions.push(
      or(
        ilike(domainOrders.domainName, pattern),
        ilike(domainOrders.unicodeName, pattern),
        ilike(domainOrders.reference, pattern),
        ilike(domainOrders.email, pattern),
        ilike(domainOrders.customerName, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const items = await db
    .select()
    .from(domainOrders)
    .where(where)
    .orderBy(desc(domainOrders.createdAt), desc(domainOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(domainOrders).where(where);
  const byStatus = await db
    .select({ status: domainOrders.status, n: count() })
    .from(domainOrders)
    .groupBy(domainOrders.status);
  return {
    items,
    total: Number(total?.n ?? 0),
    counts: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)])),
  };
}

/** Paid orders whose after-payment check has not run, paid before `paidBefore` (the job's backlog). */
export async function ordersAwaitingRecheck(db: Database, paidBefore: Date, limit = 20): Promise<DomainOrderRow[]> {
  return db
    .select()
    .from(domainOrders)
    .where(and(eq(domainOrders.status, "paid"), isNull(domainOrders.recheckedAt), lte(domainOrders.paidAt, paidBefore)))
    .orderBy(asc(domainOrders.paidAt))
    .limit(limit);
}

export async function tldPriceRows(db: Database): Promise<TldPriceRow[]> {
  return db.select().from(domainTldPrices);
}

export async function saveTldPrice(db: Database, row: typeof domainTldPrices.$inferInsert): Promise<void> {
  await db
    .insert(domainTldPrices)
    .values(row)
    .onConflictDoUpdate({
      target: domainTldPrices.tld,
      set: {
        register: row.register,
        renew: row.renew,
        transfer: row.transfer,
        updatedBy: row.updatedBy,
        updatedAt: new Date(),
      },
    });
}

export async function currencyRateRows(db: Database): Promise<CurrencyRateRow[]> {
  return db.select().from(domainCurrencyRates);
}

export async function saveCurrencyRate(db: Database, row: typeof domainCurrencyRates.$inferInsert): Promise<void> {
  await db
    .insert(domainCurrencyRates)
    .values(row)
    .onConflictDoUpdate({
      target: domainCurrencyRates.code,
      set: { perUsd: row.perUsd, updatedBy: row.updatedBy, updatedAt: new Date() },
    });
}

/** Paid orders whose name still has to be registered or refunded: the dashboard's figure. */
export async function countOrdersToFulfil(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(domainOrders)
    .where(inArray(domainOrders.status, ["paid", "needs_refund"]));
  return row?.n ?? 0;
}

/** Paid orders whose next registry attempt is due. */
export async function ordersDueForAttempt(db: Database, now: Date, limit = 20): Promise<DomainOrderRow[]> {
  return db
    .select()
    .from(domainOrders)
    .where(and(eq(domainOrders.status, "paid"), lte(domainOrders.nextAttemptAt, now)))
    .orderBy(asc(domainOrders.nextAttemptAt))
    .limit(limit);
}

/**
 * Takes an order's due attempt for this instance: moves `next_attempt_at` on only if it still holds
 * what was read (a compare-and-set), so two instances never run the same attempt.
 */
export async function claimAttempt(
  db: Database,
  order: DomainOrderRow,
  leaseUntil: Date,
): Promise<DomainOrderRow | null> {
  if (!order.nextAttemptAt) return null;
  const [row] = await db
    .update(domainOrders)
    .set({ nextAttemptAt: leaseUntil, updatedAt: new Date() })
    .where(
      and(
        eq(domainOrders.id, order.id),
        eq(domainOrders.status, "paid"),
        eq(domainOrders.nextAttemptAt, order.nextAttemptAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** The paid order waiting on the registry for this name, if any. */
export async function pendingOrderFor(db: Database, domainName: string): Promise<DomainOrderRow | null> {
  const [row] = await db
    .select()
    .from(domainOrders)
    .where(
      and(
        eq(domainOrders.domainName, domainName),
        eq(domainOrders.status, "paid"),
        eq(domainOrders.registryWait, "pending"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Domain orders placed in a report's range, per currency, with their paid total. */
export const domainOrderTotals = (db: Database, range: DayRange) => orderTotals(db, "domain_orders", range);
