import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { oneOf } from "#server/db/checks.ts";

/**
 * The built-in test provider's own books (what pawaPay would hold): page sessions and the
 * deposits/payouts they become. Kept in the database so any instance can answer for it.
 */
export const testProviderPayments = pgTable(
  "test_provider_payments",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind", { enum: ["deposit", "payout", "refund"] }).notNull(),
    /** A refund: the deposit it gives back. */
    depositId: uuid("deposit_id"),
    /** OPEN (page not yet paid), EXPIRED, or the pawaPay statuses ACCEPTED, COMPLETED, FAILED. */
    status: text("status").notNull(),
    returnUrl: text("return_url"),
    amount: text("amount").notNull(),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    phoneNumber: text("phone_number").notNull(),
    provider: text("provider").notNull(),
    customerMessage: text("customer_message"),
    providerTransactionId: text("provider_transaction_id"),
    failureCode: text("failure_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [oneOf(t.kind)],
);
