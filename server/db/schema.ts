import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ORDER_STEP_STATUSES } from "#contracts/orders.ts";
import { oneOf } from "./checks.ts";

/** People who sign in to the admin area. Usernames are stored lower-case. */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: uuid("id").primaryKey(),
    username: text("username").notNull(),
    displayName: text("display_name").notNull(),
    role: text("role", { enum: ["admin", "agent"] }).notNull(),
    passwordHash: text("password_hash").notNull(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** The TOTP secret (base32), encrypted at rest (AES-256-GCM, bound to the staff id); set at enrolment. */
    totpSecret: text("totp_secret"),
    /** When the enrolment was confirmed with a code: from then on sign-in needs a second step. */
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice (replay). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_users_username_idx").on(t.username), oneOf(t.role)],
);

/** Who did what, when and from where: every staff action that changes something. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => staffUsers.id, { onDelete: "set null" }),
    actorUsername: text("actor_username"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_target_idx").on(t.targetType, t.targetId)],
);

/** Fixed-window request counters shared by every server instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: bigint("count", { mode: "number" }).notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/**
 * What a fulfiller (a Proxmox cluster, a registry over EPP, pawaPay for a refund, staff by hand) did
 * for an order, one row per step and attempt: when it started and ended, and the outside system's
 * own answer. Shared by every order kind (`orderType`: "vps", "domain"); see server/lib/orders.ts.
 */
export const orderSteps = pgTable(
  "order_steps",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderType: text("order_type").notNull(),
    orderId: uuid("order_id").notNull(),
    /** Who did it: "proxmox:kigali", "epp:rw", "pawapay", "manual". */
    fulfiller: text("fulfiller").notNull(),
    /** What: "clone", "start", "domain:create", "refund"... */
    action: text("action").notNull(),
    status: text("status", { enum: ORDER_STEP_STATUSES }).notNull(),
    /** The outside system's answer in its own words (a task's exit status, a result code and message). */
    answer: text("answer"),
    /** Structured details for the fulfiller itself (ids, task handles) and for staff (raw answers). */
    detail: jsonb("detail"),
    /** The member of staff whose retry started it; null for the order flow itself. */
    actorUsername: text("actor_username"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("order_steps_order_idx").on(t.orderType, t.orderId, t.id), oneOf(t.status)],
);
