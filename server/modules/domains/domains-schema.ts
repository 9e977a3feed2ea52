import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DOMAIN_ORDER_LANGUAGES, DOMAIN_ORDER_STATUSES } from "#contracts/domain-orders.ts";
import { DOMAIN_STATES } from "#contracts/domains.ts";
import { oneOf, positive } from "#server/db/checks.ts";
import { paymentTransactions } from "../payments/payments-schema.ts";
import { orderEventsTable } from "#server/lib/order-events-schema.ts";

/**
 * Domain registrations ordered on the site. `status` moves along DOMAIN_ORDER_TRANSITIONS in
 * contracts/domain-orders.ts, one compare-and-set at a time. The registrant's details are kept as
 * given, for the registry; the access token is the customer's unguessable link.
 */
export const domainOrders = pgTable(
  "domain_orders",
  {
    id: uuid("id").primaryKey(),
    reference: text("reference").notNull(),
    accessToken: text("access_token").notNull(),
    status: text("status", { enum: DOMAIN_ORDER_STATUSES }).notNull(),
    /** The customer's language: the order's emails are written in it. */
    language: text("language", { enum: DOMAIN_ORDER_LANGUAGES }).notNull().default("en"),
    /** A-label, lower-case: "xn--caf-dma.com". */
    domainName: text("domain_name").notNull(),
    unicodeName: text("unicode_name").notNull(),
    tld: text("tld").notNull(),
    years: integer("years").notNull(),
    /** Empty: our nameservers (content/domains.ts), filled in at registration. */
    nameservers: jsonb("nameservers").notNull(),
    customerName: text("customer_name").notNull(),
    organisation: text("organisation"),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    currency: text("currency").notNull(),
    amount: numeric("amount").notNull(),
    /** First year, renewal and total as charged, so later price changes do not rewrite the order. */
    quote: jsonb("quote").notNull(),
    paymentTransactionId: uuid("payment_transaction_id").references(() => paymentTransactions.id),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The second availability check, after payment: available | registered | unknown. */
    recheckState: text("recheck_state", { enum: DOMAIN_STATES }),
    recheckedAt: timestamp("rechecked_at", { withTimezone: true }),
    registrar: text("registrar"),
    /**
     * Why a paid order waits on the registry: "registry" (it could not take the registration now:
     * maintenance, outage; tried again at `next_attempt_at`) or "pending" (it accepted and will finish later).
     */
    registryWait: text("registry_wait", { enum: ["registry", "pending"] }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** Registration attempts the registry could not take, for the backoff. */
    attempts: integer("attempts").notNull().default(0),
    registryReference: text("registry_reference"),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("domain_orders_access_token_idx").on(t.accessToken),
    uniqueIndex("domain_orders_reference_idx").on(t.reference),
    index("domain_orders_status_idx").on(t.status, t.createdAt),
    index("domain_orders_domain_idx").on(t.domainName),
    oneOf(t.status),
    oneOf(t.language),
    oneOf(t.recheckState),
    oneOf(t.registryWait),
    positive(t.amount),
  ],
);

/** A domain order's history: each status change and staff note, oldest first. */
export const domainOrderEvents = orderEventsTable("domain_order_events", () => domainOrders.id);

/** Staff changes to a TLD's prices, US dollars per year; content/domains.ts holds the defaults. */
export const domainTldPrices = pgTable(
  "domain_tld_prices",
  {
    tld: text("tld").primaryKey(),
    register: numeric("register").notNull(),
    renew: numeric("renew").notNull(),
    transfer: numeric("transfer").notNull(),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [positive(t.register), positive(t.renew), positive(t.transfer)],
);

/** Staff changes to the exchange rates domain prices are shown and charged in (units per US dollar). */
export const domainCurrencyRates = pgTable(
  "domain_currency_rates",
  {
    code: text("code").primaryKey(),
    perUsd: numeric("per_usd").notNull(),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [positive(t.perUsd)],
);
