import { bigserial, index, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { ORDER_EVENT_KINDS } from "#contracts/orders.ts";
import { oneOf } from "../db/checks.ts";

/**
 * An order table's history (each status change and staff note, oldest first). VPS and domain
 * orders keep theirs alike, so both tables come from here and cannot drift apart.
 */
export function orderEventsTable<Name extends string>(name: Name, orderId: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: bigserial("id", { mode: "number" }).primaryKey(),
      orderId: uuid("order_id").notNull().references(orderId, { onDelete: "cascade" }),
      kind: text("kind", { enum: ORDER_EVENT_KINDS }).notNull(),
      fromStatus: text("from_status"),
      toStatus: text("to_status"),
      body: text("body"),
      actorUsername: text("actor_username"),
      createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_order_idx`).on(t.orderId, t.id), oneOf(t.kind)],
  );
}
