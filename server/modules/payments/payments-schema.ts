import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { languages } from "#contracts/languages.ts";
import { TRANSACTION_STATUSES } from "#contracts/payments.ts";
import { flag, oneOf, positive } from "#server/db/checks.ts";
import { staffUsers } from "#server/db/schema.ts";

/**
 * Mobile-money payments (deposits through the hosted page or a PIN prompt, payouts, and refunds of
 * deposits). The id is the provider's depositId/payoutId/refundId, stored before the provider is called. `status` only moves
 * forward (see payment-state.ts); `nextCheckAt` schedules the reconciliation job in the database.
 */
export const paymentTransactions = pgTable(
  "payment_transactions",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind", { enum: ["deposit", "payout", "refund"] }).notNull(),
    flow: text("flow", { enum: ["payment_page", "direct"] }).notNull(),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull(),
    providerStatus: text("provider_status"),
    /** The decimal string pawaPay is sent and answers with ("1000", "12.50"): numeric keeps it exactly as written. */
    amount: numeric("amount").notNull(),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    phoneNumber: text("phone_number").notNull(),
    provider: text("provider"),
    providerTransactionId: text("provider_transaction_id"),
    description: text("description"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** A refund: the deposit it gives back (at most one refund not FAILED per deposit). */
    refundOf: uuid("refund_of").references((): AnyPgColumn => paymentTransactions.id),
    /** "live" (pawaPay) or "test" (the built-in test provider). */
    mode: text("mode", { enum: ["live", "test"] }).notNull(),
    orderType: text("order_type"),
    orderRef: text("order_ref"),
    /** Where the receipt goes (the order's email for order payments); the account lists payments by it. */
    email: text("email"),
    /** The payer's site language: their receipt email and return page are in it. */
    language: text("language", { enum: languages }),
    createdBy: uuid("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    checkAttempts: integer("check_attempts").notNull().default(0),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_transactions_created_idx").on(t.createdAt),
    index("payment_transactions_status_idx").on(t.status, t.createdAt),
    index("payment_transactions_next_check_idx").on(t.nextCheckAt),
    index("payment_transactions_order_idx").on(t.orderType, t.orderRef),
    index("payment_transactions_email_idx").on(sql`lower(${t.email})`),
    // Two staff approving at once cannot send the same deposit back twice.
    uniqueIndex("payment_transactions_one_refund_idx")
      .on(t.refundOf)
      .where(sql`${t.kind} = 'refund' and ${t.status} <> 'FAILED'`),
    oneOf(t.kind),
    oneOf(t.flow),
    oneOf(t.status),
    oneOf(t.mode),
    oneOf(t.language),
    positive(t.amount),
  ],
);

/** Everything that happened to a payment: each provider answer (raw), callback and status change. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    applied: integer("applied").notNull().default(0),
    raw: jsonb("raw"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_transaction_idx").on(t.transactionId, t.id), flag(t.applied)],
);
