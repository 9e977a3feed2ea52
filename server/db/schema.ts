import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Contact enquiries from the public form. Nothing accepted is ever deleted by the app. */
export const contactEnquiries = pgTable(
  "contact_enquiries",
  {
    id: uuid("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    service: text("service").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ["new", "contacted", "qualified", "won", "lost"] }).notNull().default("new"),
    assigneeId: uuid("assignee_id").references(() => staffUsers.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** The website analysis report the visitor asked for help with, when they came from one. */
    analysisReportId: text("analysis_report_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_enquiries_created_at_idx").on(t.createdAt),
    index("contact_enquiries_status_idx").on(t.status, t.createdAt),
  ],
);

/** Staff notes on an enquiry. */
export const enquiryNotes = pgTable(
  "enquiry_notes",
  {
    id: uuid("id").primaryKey(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => contactEnquiries.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => staffUsers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_notes_enquiry_idx").on(t.enquiryId, t.createdAt)],
);

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_users_username_idx").on(t.username)],
);

/**
 * Staff sessions. Only a SHA-256 of the cookie's random token is stored, so a database leak
 * does not hand out live sessions.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("staff_sessions_user_idx").on(t.userId)],
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
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_emails_due_idx").on(t.status, t.nextAttemptAt)],
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
 * Website analysis runs (speed, SEO, security). The id is random and unguessable: it is the
 * share link. Recent rows for the same URL are reused instead of fetching the site again.
 */
export const analysisReports = pgTable(
  "analysis_reports",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["speed", "seo", "security"] }).notNull(),
    url: text("url").notNull(),
    host: text("host").notNull(),
    finalUrl: text("final_url").notNull(),
    status: integer("status").notNull(),
    score: integer("score").notNull(),
    grade: text("grade"),
    result: jsonb("result").notNull(),
    warnings: jsonb("warnings").$type<string[]>().notNull(),
    durationMs: integer("duration_ms").notNull(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analysis_reports_url_idx").on(t.kind, t.url, t.createdAt),
    index("analysis_reports_host_idx").on(t.host, t.createdAt),
  ],
);

/** Plans saved from the tech stack advisor; the id is the unguessable part of the share link. */
export const advisorProjects = pgTable(
  "advisor_projects",
  {
    id: text("id").primaryKey(),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull(),
    recommendations: jsonb("recommendations").$type<unknown[]>().notNull(),
    status: text("status", { enum: ["new", "contacted", "proposal-sent", "won", "lost"] }).notNull().default("new"),
    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    contactNotes: text("contact_notes"),
    consultationRequestedAt: timestamp("consultation_requested_at", { withTimezone: true }),
    enquiryId: uuid("enquiry_id").references(() => contactEnquiries.id, { onDelete: "set null" }),
    assigneeId: uuid("assignee_id").references(() => staffUsers.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("advisor_projects_created_idx").on(t.createdAt), index("advisor_projects_status_idx").on(t.status)],
);

/** Staff notes on a saved plan. */
export const projectNotes = pgTable(
  "project_notes",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => advisorProjects.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => staffUsers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_notes_project_idx").on(t.projectId, t.createdAt)],
);

/**
 * Live chat sessions. The id is the client's sessionId; browser_hash binds it to the browser that
 * opened it (SHA-256 of an HttpOnly cookie), so a guessed sessionId is refused. The wait deadline
 * lives here, not in a timer, so any instance can count down or expire it.
 */
export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    browserHash: text("browser_hash").notNull(),
    state: text("state", { enum: ["ai", "waiting", "agent"] }).notNull().default("ai"),
    assignedAgentId: uuid("assigned_agent_id").references(() => staffUsers.id, { onDelete: "set null" }),
    assignedAgentName: text("assigned_agent_name"),
    clientName: text("client_name"),
    waitDeadline: timestamp("wait_deadline", { withTimezone: true }),
    /** The assistant offered to take an email address; the next one given becomes an enquiry. */
    awaitingEmail: timestamp("awaiting_email", { withTimezone: true }),
    /** The yes/no question shown, and who asked it ("assistant": a yes queues for an agent). */
    pollPrompt: text("poll_prompt"),
    pollSource: text("poll_source", { enum: ["assistant", "agent"] }),
    summary: text("summary").notNull().default(""),
    enquiryId: uuid("enquiry_id"),
    ipAddress: text("ip_address"),
    /** The visitor's site language: what the server writes into the chat later (queue, timeouts, agents joining) is in it. */
    language: text("language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_sessions_state_idx").on(t.state, t.waitDeadline),
    index("chat_sessions_agent_idx").on(t.assignedAgentId, t.state),
    index("chat_sessions_last_message_idx").on(t.lastMessageAt),
  ],
);

/** Every message of every chat, kept as the transcript. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant", "agent", "system"] }).notNull(),
    content: text("content").notNull(),
    agentId: uuid("agent_id").references(() => staffUsers.id, { onDelete: "set null" }),
    agentName: text("agent_name"),
    links: jsonb("links").$type<{ label: string; href: string }[]>(),
    /** The visitor's own id for the message: a retried send is not stored twice. */
    clientMessageId: text("client_message_id"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_session_idx").on(t.sessionId, t.createdAt),
    uniqueIndex("chat_messages_client_id_idx").on(t.sessionId, t.clientMessageId),
  ],
);

/** The replayable event log behind the stream: the id is the SSE event id. */
export const chatEvents = pgTable(
  "chat_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_events_session_idx").on(t.sessionId, t.id)],
);

/** Agent availability: only online agents whose console is connected are offered chats. */
export const chatAgentPresence = pgTable("chat_agent_presence", {
  staffId: uuid("staff_id")
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["online", "away"] }).notNull().default("away"),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mobile-money payments (deposits through the hosted page or a PIN prompt, and payouts). The id is
 * the provider's depositId/payoutId, stored before the provider is called. `status` only moves
 * forward (see payment-state.ts); `nextCheckAt` schedules the reconciliation job in the database.
 */
export const paymentTransactions = pgTable(
  "payment_transactions",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind", { enum: ["deposit", "payout"] }).notNull(),
    flow: text("flow", { enum: ["payment_page", "direct"] }).notNull(),
    status: text("status").notNull(),
    providerStatus: text("provider_status"),
    amount: text("amount").notNull(),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    phoneNumber: text("phone_number").notNull(),
    provider: text("provider"),
    providerTransactionId: text("provider_transaction_id"),
    description: text("description"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** "live" (pawaPay) or "test" (the built-in test provider). */
    mode: text("mode").notNull(),
    orderType: text("order_type"),
    orderRef: text("order_ref"),
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
  (t) => [index("payment_events_transaction_idx").on(t.transactionId, t.id)],
);

/**
 * The built-in test provider's own books (what pawaPay would hold): page sessions and the
 * deposits/payouts they become. Kept in the database so any instance can answer for it.
 */
export const testProviderPayments = pgTable("test_provider_payments", {
  id: uuid("id").primaryKey(),
  kind: text("kind", { enum: ["deposit", "payout"] }).notNull(),
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
});

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
    status: text("status").notNull(),
    planId: text("plan_id").notNull(),
    /** The plan as sold (name and resources), so later catalogue edits do not rewrite old orders. */
    plan: jsonb("plan").notNull(),
    locationId: text("location_id").notNull(),
    imageId: text("image_id").notNull(),
    periodMonths: integer("period_months").notNull(),
    addons: jsonb("addons").notNull(),
    currency: text("currency").notNull(),
    amount: text("amount").notNull(),
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
    paymentTransactionId: uuid("payment_transaction_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /** The renewal date: the end of the paid period. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    /** The customer's site language when ordering: their emails and order links are in it. */
    language: text("language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vps_orders_access_token_idx").on(t.accessToken),
    uniqueIndex("vps_orders_reference_idx").on(t.reference),
    index("vps_orders_status_idx").on(t.status, t.createdAt),
    index("vps_orders_expires_idx").on(t.expiresAt),
  ],
);

/** An order's history: each status change, staff note and payment event, oldest first. */
export const vpsOrderEvents = pgTable(
  "vps_order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => vpsOrders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["status", "note"] }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    body: text("body"),
    actorUsername: text("actor_username"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vps_order_events_order_idx").on(t.orderId, t.id)],
);

/** Staff changes to the catalogue's prices (plans and add-ons); content/vps.ts holds the defaults. */
export const vpsPriceOverrides = pgTable("vps_price_overrides", {
  itemId: text("item_id").primaryKey(),
  kind: text("kind", { enum: ["plan", "addon"] }).notNull(),
  monthly: jsonb("monthly").notNull(),
  /** 0: the plan is withdrawn from sale (existing orders keep it). */
  active: integer("active").notNull().default(1),
  updatedBy: text("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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
    status: text("status").notNull(),
    /** The customer's language: the order's emails are written in it. */
    language: text("language", { enum: ["en", "fr", "sw", "rw"] }).notNull().default("en"),
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
    amount: text("amount").notNull(),
    /** First year, renewal and total as charged, so later price changes do not rewrite the order. */
    quote: jsonb("quote").notNull(),
    paymentTransactionId: uuid("payment_transaction_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The second availability check, after payment: available | registered | unknown. */
    recheckState: text("recheck_state"),
    recheckedAt: timestamp("rechecked_at", { withTimezone: true }),
    registrar: text("registrar"),
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
  ],
);

/** A domain order's history: each status change and staff note, oldest first. */
export const domainOrderEvents = pgTable(
  "domain_order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => domainOrders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["status", "note"] }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    body: text("body"),
    actorUsername: text("actor_username"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("domain_order_events_order_idx").on(t.orderId, t.id)],
);

/** Staff changes to a TLD's prices, US dollars per year; content/domains.ts holds the defaults. */
export const domainTldPrices = pgTable("domain_tld_prices", {
  tld: text("tld").primaryKey(),
  register: text("register").notNull(),
  renew: text("renew").notNull(),
  transfer: text("transfer").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Staff changes to the exchange rates domain prices are shown and charged in (units per US dollar). */
export const domainCurrencyRates = pgTable("domain_currency_rates", {
  code: text("code").primaryKey(),
  perUsd: text("per_usd").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
