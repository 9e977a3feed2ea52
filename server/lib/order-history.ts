import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { orderEventsTable } from "./order-events-schema.ts";

/** A VPS or domain order's history table: both are made by `orderEventsTable`. */
export type OrderEventsTable = ReturnType<typeof orderEventsTable<string>>;

/** One line of an order's history as a person's data export gives it. */
export interface OrderHistoryEntry {
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  body: string | null;
  createdAt: Date;
}

/** The histories of several orders, oldest line first, by order id: for a data export. */
export async function orderHistoriesOf(
  db: Database,
  events: OrderEventsTable,
  orderIds: readonly string[],
): Promise<Map<string, OrderHistoryEntry[]>> {
  const byOrder = new Map<string, OrderHistoryEntry[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(events)
    .where(inArray(events.orderId, [...orderIds]))
    .orderBy(events.id);
  for (const e of rows)
    byOrder.get(e.orderId)?.push({
      kind: e.kind,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      body: e.body,
      createdAt: e.createdAt,
    });
  return byOrder;
}

/** Empties the staff notes in the histories of erased orders; the status changes stay. */
export async function eraseOrderNotes(
  db: Database,
  events: OrderEventsTable,
  orderIds: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(events)
    .set({ body: null })
    .where(and(inArray(events.orderId, [...orderIds]), eq(events.kind, "note")));
}
