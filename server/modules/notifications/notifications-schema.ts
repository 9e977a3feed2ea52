import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { oneOf } from "#server/db/checks.ts";

/**
 * Transactional outbox for email: a row is written in the same transaction as the thing it
 * announces, then a dispatcher sends it (with retries) when SMTP is configured.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_emails_due_idx").on(t.status, t.nextAttemptAt), oneOf(t.status)],
);
