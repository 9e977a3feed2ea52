import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { languages } from "#contracts/languages.ts";
import { VPS_ORDER_STATUSES } from "#contracts/vps.ts";
import { flag, oneOf, positive } from "#server/db/checks.ts";
import { paymentTransactions } from "../payments/payments-schema.ts";
import { orderEventsTable } from "#server/lib/order-events-schema.ts";

/**
 * VPS orders. `accessToken` is the customer's unguessable link; `status` follows the state machine
 * in contracts/vps.ts (never skipping a step, never leaving cancelled or refunded). Login details
 * are AES-256-GCM ciphertext (server/modules/vps/credential-cipher.ts), never plain text.
 */
export const vpsOrders = pgTable(
  "vps_orders",
  {
    id: uuid("id").primaryKey(),
    reference: text("reference").notNull(),
    accessToken: text("access_token").notNull(),
    status: text("status", { enum: VPS_ORDER_STATUSES }).notNull(),
    planId: text("plan_id").notNull(),
    /** The plan as sold (name and resources), so later catalogue edits do not rewrite old orders. */
    plan: jsonb("plan").notNull(),
    locationId: text("location_id").notNull(),
    imageId: text("image_id").notNull(),
    periodMonths: integer("period_months").notNull(),
    addons: jsonb("addons").notNull(),
    currency: text("currency").notNull(),
    amount: numeric("amount").notNull(),
    quote: jsonb("quote").notNull(),
    hostname: text("hostname").notNull(),
    accessMethod: text("access_method", { enum: ["ssh_key", "password"] }).notNull(),
    sshPublicKey: text("ssh_public_key"),
    customerName: text("customer_name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    serverIp: text("server_ip"),
    serverUsername: text("server_username"),
    credentialsCiphertext: text("credentials_ciphertext"),
    credentialsRevealedAt: timestamp("credentials_revealed_at", { withTimezone: true }),
    provisioner: text("provisioner"),
    paymentTransactionId: uuid("payment_transaction_id").references(() => paymentTransactions.id),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /** When staff confirmed the server's deletion (after the retention period). */
    serverDeletedAt: timestamp("server_deleted_at", { withTimezone: true }),
    /** When the server was last stopped for a suspension or cancellation; null while it runs. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** When an automatic provisioner should (re)try to build the server; null: nothing scheduled. */
    provisionDueAt: timestamp("provision_due_at", { withTimezone: true }),
    /** An instance building the server holds it until then (another instance leaves it alone). */
    provisionLeaseUntil: timestamp("provision_lease_until", { withTimezone: true }),
    provisionAttempts: integer("provision_attempts").notNull().default(0),
    /** The renewal date: the end of the paid period. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    /** The customer's site language when ordering: their emails and order links are in it. */
    language: text("language", { enum: languages }).notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vps_orders_access_token_idx").on(t.accessToken),
    uniqueIndex("vps_orders_reference_idx").on(t.reference),
    index("vps_orders_status_idx").on(t.status, t.createdAt),
    index("vps_orders_expires_idx").on(t.expiresAt),
    index("vps_orders_provision_due_idx").on(t.provisionDueAt),
    oneOf(t.status),
    oneOf(t.accessMethod),
    oneOf(t.language),
    positive(t.amount),
  ],
);

/** An order's history: each status change, staff note and payment event, oldest first. */
export const vpsOrderEvents = orderEventsTable("vps_order_events", () => vpsOrders.id);

/** Staff changes to the catalogue's prices (plans and add-ons); content/vps.ts holds the defaults. */
export const vpsPriceOverrides = pgTable(
  "vps_price_overrides",
  {
    itemId: text("item_id").primaryKey(),
    kind: text("kind", { enum: ["plan", "addon"] }).notNull(),
    monthly: jsonb("monthly").notNull(),
    /** 0: the plan is withdrawn from sale (existing orders keep it). */
    active: integer("active").notNull().default(1),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf(t.kind), flag(t.active)],
);
