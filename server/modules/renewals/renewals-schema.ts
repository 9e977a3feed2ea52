import { bigserial, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { languages } from "#contracts/languages.ts";
import { RENEWAL_KINDS, RENEWAL_STATUSES } from "#contracts/renewals.ts";
import { oneOf, positive } from "#server/db/checks.ts";
import { paymentTransactions } from "../payments/payments-schema.ts";

/**
 * Renewals the customer paid (or is paying) from their account: a domain for some years, a server
 * for some months. `status` moves pending_payment → paid → completed (or with_staff while a person
 * renews it at the registry by hand, or failed), each move one compare-and-set. `lease_until` lets
 * one instance at a time carry out a paid renewal (the registry call waits on the network).
 */
export const renewalOrders = pgTable(
  "renewal_orders",
  {
    id: uuid("id").primaryKey(),
    reference: text("reference").notNull(),
    targetKind: text("target_kind", { enum: RENEWAL_KINDS }).notNull(),
    /** The domain order or VPS order renewed. */
    targetId: uuid("target_id").notNull(),
    /** The domain name or hostname, as the customer saw it. */
    targetLabel: text("target_label").notNull(),
    /** Years for a domain, months for a server. */
    period: integer("period").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    language: text("language", { enum: languages }).notNull().default("en"),
    currency: text("currency").notNull(),
    amount: numeric("amount").notNull(),
    status: text("status", { enum: RENEWAL_STATUSES }).notNull(),
    paymentTransactionId: uuid("payment_transaction_id").references(() => paymentTransactions.id),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    /** What went wrong, for staff (never shown to the customer as is). */
    failure: text("failure"),
    newExpiresAt: timestamp("new_expires_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("renewal_orders_reference_idx").on(t.reference),
    index("renewal_orders_target_idx").on(t.targetKind, t.targetId),
    index("renewal_orders_status_idx").on(t.status),
    oneOf(t.targetKind),
    oneOf(t.status),
    oneOf(t.language),
    positive(t.amount),
  ],
);

/**
 * Each expiry notice sent (or expiry action taken) once: a reminder 30, 7 or 1 days ahead, the
 * expiry warning. The unique key includes the expiry it was about, so a renewed service is reminded
 * again before its new date. An instance claims a notice by inserting its row (`on conflict do
 * nothing returning`) in the transaction that queues the email: two instances never send it twice.
 */
export const renewalNotices = pgTable(
  "renewal_notices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    targetKind: text("target_kind", { enum: RENEWAL_KINDS }).notNull(),
    targetId: uuid("target_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** "remind-30", "remind-7", "remind-1", "expired". */
    notice: text("notice").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("renewal_notices_once_idx").on(t.targetKind, t.targetId, t.expiresAt, t.notice),
    oneOf(t.targetKind),
  ],
);
