import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { languages } from "#contracts/languages.ts";
import { oneOf } from "#server/db/checks.ts";

/**
 * Sign-in links emailed to customers. Only a SHA-256 of the link's random token is stored, so a
 * database leak hands out no working link; a link works once (`used_at`) and until `expires_at`.
 */
export const customerSignInTokens = pgTable(
  "customer_sign_in_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** Lower-case. */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_sign_in_tokens_email_idx").on(t.email)],
);

/**
 * Customer sessions, apart from staff sessions (another table, another cookie scoped to the
 * account API): a customer session can never reach /api/admin. The cookie's token is hashed here too.
 */
export const customerSessions = pgTable(
  "customer_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** Lower-case: the session sees what belongs to this address. */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("customer_sessions_email_idx").on(t.email)],
);

/**
 * A customer's request that we delete their data: staff act on it (export, then erase) from the
 * admin's personal-data screen. Once erased, the address is erased here too; the dates remain as proof.
 */
export const customerDeletionRequests = pgTable(
  "customer_deletion_requests",
  {
    id: uuid("id").primaryKey(),
    /** Lower-case. */
    email: text("email").notNull(),
    language: text("language", { enum: languages }).notNull().default("en"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("customer_deletion_requests_email_idx").on(t.email), oneOf(t.language)],
);
