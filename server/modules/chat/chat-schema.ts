import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { languages } from "#contracts/languages.ts";
import { HANDOVER_OUTCOMES } from "#contracts/reports.ts";
import { oneOf } from "#server/db/checks.ts";
import { staffUsers } from "#server/db/schema.ts";
import { contactEnquiries } from "../contact/contact-schema.ts";

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
    state: text("state", { enum: ["ai", "waiting", "agent"] })
      .notNull()
      .default("ai"),
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
    enquiryId: uuid("enquiry_id").references(() => contactEnquiries.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    /** The visitor's site language: what the server writes into the chat later (queue, timeouts, agents joining) is in it. */
    language: text("language", { enum: languages }).notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_sessions_state_idx").on(t.state, t.waitDeadline),
    index("chat_sessions_agent_idx").on(t.assignedAgentId, t.state),
    index("chat_sessions_last_message_idx").on(t.lastMessageAt),
    oneOf(t.state),
    oneOf(t.pollSource),
    oneOf(t.language),
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
    oneOf(t.role),
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
export const chatAgentPresence = pgTable(
  "chat_agent_presence",
  {
    staffId: uuid("staff_id")
      .primaryKey()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["online", "away"] })
      .notNull()
      .default("away"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf(t.status)],
);

/**
 * Every time a visitor asked for a person, and how it ended: accepted by an agent (and when that
 * agent first wrote), timed out, cancelled by the visitor, or nobody available to queue for. The
 * reports read hand-over outcomes and first-response times from here.
 */
export const chatHandovers = pgTable(
  "chat_handovers",
  {
    id: uuid("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    outcome: text("outcome", { enum: HANDOVER_OUTCOMES }).notNull().default("waiting"),
    agentId: uuid("agent_id").references(() => staffUsers.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_handovers_session_idx").on(t.sessionId, t.requestedAt),
    index("chat_handovers_requested_idx").on(t.requestedAt),
    oneOf(t.outcome),
  ],
);
