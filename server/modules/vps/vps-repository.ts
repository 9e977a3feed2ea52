import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { VpsOrderStatus } from "#contracts/vps.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { orderTotals, type DayRange } from "../../lib/report-range.ts";
import { vpsOrderEvents, vpsOrders, vpsPriceOverrides } from "./vps-schema.ts";

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
export async function moveOrder(
  db: Database,
  id: string,
  from: VpsOrderStatus,
  to: VpsOrderStatus,
  changes: Partial<typeof vpsOrders.$inferInsert> = {},
): Promise<VpsOrderRow | null> {
  const [row] = await db
    .update(vpsOrders)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(vpsOrders.id, id), eq(vpsOrders.status, from)))
    .returning();
  return row ?? null;
}

export async function updateOrder(
  db: Database,
  id: string,
  changes: Partial<typeof vpsOrders.$inferInsert>,
): Promise<void> {
  await db
    .update(vpsOrders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(vpsOrders.id, id));
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

/** Records that the server is deleted; true only for the one request that got to do it. */
export async function markServerDeleted(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(vpsOrders)
    .set({ serverDeletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(vpsOrders.id, id), sql`${vpsOrders.serverDeletedAt} is null`))
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

export async function listOrders(
  db: Database,
  query: { status?: VpsOrderStatus | undefined; page: number; pageSize: number },
) {
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
  return {
    items,
    total: Number(total?.n ?? 0),
    counts: Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)])),
  };
}

/** Running (or suspended) services whose paid period ends between now and `until`, soonest first. */
export async function expiringOrders(db: Database, until: Date): Promise<VpsOrderRow[]> {
  return db
    .select()
    .from(vpsOrders)
    .where(
      and(
        inArray(vpsOrders.status, ["active", "suspended"]),
        gte(vpsOrders.expiresAt, new Date()),
        lte(vpsOrders.expiresAt, until),
      ),
    )
    .orderBy(asc(vpsOrders.expiresAt));
}

export async function priceOverrides(db: Database): Promise<VpsPriceOverrideRow[]> {
  return db.select().from(vpsPriceOverrides);
}

export async function savePriceOverride(db: Database, row: typeof vpsPriceOverrides.$inferInsert): Promise<void> {
  await db
    .insert(vpsPriceOverrides)
    .values(row)
    .onConflictDoUpdate({
      target: vpsPriceOverrides.itemId,
      set: { monthly: row.monthly, active: row.active, updatedBy: row.updatedBy, updatedAt: new Date() },
    });
}

/** Paid orders whose server staff (or the provisioner) still have to set up: the dashboard's figure. */
export async function countOrdersToFulfil(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(vpsOrders)
    .where(inArray(vpsOrders.status, ["paid", "provisioning"]));
  return row?.n ?? 0;
}

/**
 * Claims orders whose server is due to be built (by id, or the next `limit` due), leasing them so
 * another instance running the same job skips them (SKIP LOCKED) until the lease ends.
 */
export async function claimProvisioning(
  db: Database,
  options: { id?: string; limit?: number; leaseMs: number },
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update vps_orders set provision_lease_until = now() + (${options.leaseMs} * interval '1 millisecond'),
          provision_attempts = provision_attempts + 1
        where id in (
          select id from vps_orders
          where status in ('paid', 'provisioning')
            and provision_due_at is not null and provision_due_at <= now()
            and (provision_lease_until is null or provision_lease_until < now())
            ${options.id ? sql`and id = ${options.id}` : sql``}
          order by provision_due_at
          limit ${options.limit ?? 1}
          for update skip locked
        )
        returning id`,
  );
  return rows.map((row) => row.id);
}

/** Suspended or cancelled orders whose server has been stopped since before `before` and still exists. */
export async function stoppedBefore(db: Database, before: Date): Promise<VpsOrderRow[]> {
  return db
    .select()
    .from(vpsOrders)
    .where(
      and(
        inArray(vpsOrders.status, ["suspended", "cancelled"]),
        isNull(vpsOrders.serverDeletedAt),
        lte(vpsOrders.suspendedAt, before),
      ),
    )
    .orderBy(asc(vpsOrders.suspendedAt));
}

/** VPS orders placed in a report's range, per currency, with their paid total. */
export const vpsOrderTotals = (db: Database, range: DayRange) => orderTotals(db, "vps_orders", range);
