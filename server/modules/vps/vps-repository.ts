import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { VpsOrderStatus } from "../../../contracts/vps.ts";
import type { Database } from "../../db/client.ts";
import { vpsOrderEvents, vpsOrders, vpsPriceOverrides } from "../../db/schema.ts";

export type VpsOrderRow = typeof vpsOrders.$inferSelect;
export type VpsOrderEventRow = typeof vpsOrderEvents.$inferSelect;
export type VpsPriceOverrideRow = typeof vpsPriceOverrides.$inferSelect;

export async function insertOrder(db: Database, row: typeof vpsOrders.$inferInsert): Promise<VpsOrderRow> {
  const [inserted] = await db.insert(vpsOrders).values(row).returning();
  return inserted!;
}

export async function findOrderById(db: Database, id: string, forUpdate = false): Promise<VpsOrderRow | null> {
  const query = db.select().from(vpsOrders).where(eq(vpsOrders.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function findOrderByToken(db: Database, token: string): Promise<VpsOrderRow | null> {
  const [row] = await db.select().from(vpsOrders).where(eq(vpsOrders.accessToken, token));
  return row ?? null;
}

/**
 * Moves an order from one status to another only if it is still in `from` (a compare-and-set,
 * so two staff clicking at once, or a callback racing a click, cannot both apply).
 */
export async function moveOrder(db: Database, id: string, from: VpsOrderStatus, to: VpsOrderStatus, changes: Partial<typeof vpsOrders.$inferInsert> = {}): Promise<VpsOrderRow | null> {
  const [row] = await db
    .update(vpsOrders)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(vpsOrders.id, id), eq(vpsOrders.status, from)))
    .returning();
  return row ?? null;
}

export async function updateOrder(db: Database, id: string, changes: Partial<typeof vpsOrders.$inferInsert>): Promise<void> {
  await db.update(vpsOrders).set({ ...changes, updatedAt: new Date() }).where(eq(vpsOrders.id, id));
}

/** Marks the login details shown; true only for the one request that got to show them. */
export async function claimCredentialReveal(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(vpsOrders)
    .set({ credentialsRevealedAt: new Date() })
    .where(and(eq(vpsOrders.id, id), sql`${vpsOrders.credentialsRevealedAt} is null`))
    .returning({ id: vpsOrders.id });
  return rows.length === 1;
}

export async function addEvent(db: Database, event: typeof vpsOrderEvents.$inferInsert): Promise<VpsOrderEventRow> {
  const [row] = await db.insert(vpsOrderEvents).values(event).returning();
  return row!;
}

export async function orderEvents(db: Database, orderId: string): Promise<VpsOrderEventRow[]> {
  return db.select().from(vpsOrderEvents).where(eq(vpsOrderEvents.orderId, orderId)).orderBy(asc(vpsOrderEvents.id));
}

export async function listOrders(db: Database, query: { status?: VpsOrderStatus | undefined; page: number; pageSize: number }) {
  const where = query.status ? eq(vpsOrders.status, query.status) : undefined;
  const items = await db
    .select()
    .from(vpsOrders)
    .where(where)
    .orderBy(desc(vpsOrders.createdAt), desc(vpsOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(vpsOrders).where(where);
  const byStatus = await db.select({ status: vpsOrders.status, n: count() }).from(vpsOrders).groupBy(vpsOrders.status);
  return { items, total: Number(total?.n ?? 0), counts: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)])) };
}

/** Running (or suspended) services whose paid period ends between now and `until`, soonest first. */
export async function expiringOrders(db: Database, until: Date): Promise<VpsOrderRow[]> {
  return db
    .select()
    .from(vpsOrders)
    .where(and(inArray(vpsOrders.status, ["active", "suspended"]), gte(vpsOrders.expiresAt, new Date()), lte(vpsOrders.expiresAt, until)))
    .orderBy(asc(vpsOrders.expiresAt));
}

export async function priceOverrides(db: Database): Promise<VpsPriceOverrideRow[]> {
  return db.select().from(vpsPriceOverrides);
}

export async function savePriceOverride(db: Database, row: typeof vpsPriceOverrides.$inferInsert): Promise<void> {
  await db
    .insert(vpsPriceOverrides)
    .values(row)
    .onConflictDoUpdate({ target: vpsPriceOverrides.itemId, set: { monthly: row.monthly, active: row.active, updatedBy: row.updatedBy, updatedAt: new Date() } });
}
