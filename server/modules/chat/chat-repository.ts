import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { ChatLink, ChatSessionState, ChatSessionSummary, ChatTranscriptMessage } from "#contracts/chat.ts";
import { defaultLanguage, type Language } from "#contracts/languages.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { chatAgentPresence, chatEvents, chatMessages, chatSessions } from "./chat-schema.ts";

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatEventRow = typeof chatEvents.$inferSelect;

/**
 * The one NOTIFY channel: payload {s, id, p, e, d, t} for a stored event ({s, id} when its data is
 * too long to carry), {s, e, d} for a passing one (typing).
 */
export const CHAT_CHANNEL = "chat_events";
/** An agent whose console has not been heard from for this long is not offered chats. */
export const PRESENCE_STALE_MS = 60_000;

export function sessionState(
  row: Pick<ChatSessionRow, "state" | "assignedAgentName" | "clientName">,
): ChatSessionState {
  return {
    mode: row.state === "ai" ? "ai" : "agent",
    assignedAgent: row.state === "agent" ? row.assignedAgentName : null,
    clientName: row.clientName,
    waitingForAgent: row.state === "waiting",
    agentConnected: row.state === "agent",
  };
}

export async function findSession(db: Database, id: string): Promise<ChatSessionRow | undefined> {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id));
  return row;
}

/**
 * Creates the session for this browser if it is new; returns the row either way. Read first: all
 * but a session's first request find it, in one round trip instead of two.
 */
export async function upsertSession(
  db: Database,
  id: string,
  browserHash: string,
  ipAddress: string | undefined,
  language: Language = defaultLanguage,
): Promise<ChatSessionRow> {
  const found = await findSession(db, id);
  if (found) return found;
  await createSession(db, id, browserHash, ipAddress, language);
  const row = await findSession(db, id);
  if (!row) throw new Error(`chat session ${id} vanished`);
  return row;
}

/** Creates a session unless one with this id exists (another request may have made it first). */
export async function createSession(
  db: Database,
  id: string,
  browserHash: string,
  ipAddress: string | undefined,
  language: Language,
): Promise<void> {
  await db
    .insert(chatSessions)
    .values({ id, browserHash, ipAddress: ipAddress ?? null, language })
    .onConflictDoNothing();
}

/** Locks the session row for the rest of the transaction: one writer per session at a time keeps event ids in order. */
export async function lockSession(tx: Database, id: string): Promise<ChatSessionRow | undefined> {
  const [row] = await tx.select().from(chatSessions).where(eq(chatSessions.id, id)).for("update");
  return row;
}

/**
 * Locks the session for a visitor's message and, in the same round trip, finds the message this
 * client id was already stored as (a retried send), if any.
 */
export async function lockSessionForMessage(
  tx: Database,
  id: string,
  clientMessageId: string | undefined,
): Promise<{ row: ChatSessionRow; seenMessageId: string | null } | undefined> {
  const seen = clientMessageId
    ? // Columns named in full: drizzle leaves them unqualified in a one-table select, and both tables have an id.
      sql<string | null>`(select m.id from ${chatMessages} m
        where m.session_id = ${chatSessions}.id and m.client_message_id = ${clientMessageId} limit 1)`
    : sql<null>`null`;
  const [result] = await tx
    .select({ row: chatSessions, seenMessageId: seen })
    .from(chatSessions)
    .where(eq(chatSessions.id, id))
    .for("update");
  return result;
}

export async function updateSession(
  tx: Database,
  id: string,
  values: Partial<typeof chatSessions.$inferInsert>,
): Promise<ChatSessionRow> {
  const [row] = await tx
    .update(chatSessions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(chatSessions.id, id))
    .returning();
  if (!row) throw new Error(`chat session ${id} not found`);
  return row;
}

/**
 * A NOTIFY payload must stay under 8000 bytes: an event whose data is longer is announced by id
 * alone, and the streams read it from the log.
 */
export const NOTIFY_DATA_MAX_BYTES = 7000;

/**
 * The CTEs that store one event (`data`: SQL for its jsonb, read from `from` when given) as
 * `stored`, beside the session's previous event id as `previous`; `announce` is the NOTIFY to
 * select with them. The announcement carries the event itself and the previous id (`p`): a stream
 * that has sent `p` sends the event as it is, without reading the log. Writers hold the session's
 * lock (`lockSession`), so `p` is exact and a session's events commit in id order.
 */
function storeEvent(sessionId: string, event: string, data: SQL, from: SQL = sql``): SQL {
  return sql`previous as (
      select coalesce(max(id), 0) as id from ${chatEvents} where session_id = ${sessionId}
    ), stored as (
      insert into ${chatEvents} (session_id, event, data)
      select ${sessionId}::text, ${event}::text, ${data} ${from}
      returning id, event, data, created_at
    )`;
}
const announce = (sessionId: string) =>
  sql`pg_notify(${CHAT_CHANNEL}, (case
      when octet_length(stored.data::text) <= ${NOTIFY_DATA_MAX_BYTES}
        then json_build_object('s', ${sessionId}::text, 'id', stored.id, 'p', previous.id,
          'e', stored.event, 'd', stored.data, 't', stored.created_at)
      else json_build_object('s', ${sessionId}::text, 'id', stored.id)
    end)::text)`;

/**
 * Stores an event and announces it, in one statement (one round trip on the way to its streams);
 * the NOTIFY goes out when the transaction commits.
 */
export async function appendEvent(tx: Database, sessionId: string, event: string, data: unknown): Promise<number> {
  // node-postgres reads bigint as a string, PGlite as a number.
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`with ${storeEvent(sessionId, event, sql`${JSON.stringify(data)}::jsonb`)}
        select stored.id, ${announce(sessionId)} from stored, previous`,
  );
  return Number(row!.id);
}

/** Puts a yes/no question to the visitor: kept on the session and sent as a "poll" event, in one statement. */
export async function offerPoll(
  tx: Database,
  sessionId: string,
  prompt: string,
  source: NonNullable<ChatSessionRow["pollSource"]>,
): Promise<void> {
  await tx.execute(
    sql`with offered as (
          update ${chatSessions} set poll_prompt = ${prompt}, poll_source = ${source}, updated_at = now()
          where id = ${sessionId}
          returning id
        ), ${storeEvent(sessionId, "poll", sql`${JSON.stringify({ type: "poll", prompt })}::jsonb`)}
        select ${announce(sessionId)} from stored, previous`,
  );
}

/** An event nobody needs replayed (typing): announced, not stored. */
export async function notifyPassing(db: Database, sessionId: string, event: string, data: unknown): Promise<void> {
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ s: sessionId, e: event, d: data })})`);
}

export async function eventsAfter(
  db: Database,
  sessionId: string,
  afterId: number,
  limit = 500,
): Promise<ChatEventRow[]> {
  return db
    .select()
    .from(chatEvents)
    .where(and(eq(chatEvents.sessionId, sessionId), gt(chatEvents.id, afterId)))
    .orderBy(asc(chatEvents.id))
    .limit(limit);
}

/** Each session with events past `afterId`, with its newest event id. */
export async function sessionsWithEventsAfter(
  db: Database,
  afterId: number,
): Promise<{ sessionId: string; id: number }[]> {
  const rows = await db
    .select({ sessionId: chatEvents.sessionId, id: sql<number>`max(${chatEvents.id})` })
    .from(chatEvents)
    .where(gt(chatEvents.id, afterId))
    .groupBy(chatEvents.sessionId);
  return rows.map((row) => ({ sessionId: row.sessionId, id: Number(row.id) }));
}

export async function latestEventId(db: Database): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${chatEvents.id}), 0)` }).from(chatEvents);
  return Number(row?.id ?? 0);
}

export interface NewChatMessage {
  sessionId: string;
  role: ChatMessageRow["role"];
  content: string;
  agentId?: string | null;
  agentName?: string | null;
  links?: ChatLink[] | null;
  clientMessageId?: string | null;
}

/** What a stored message sends down its session's streams, but for its timestamp (the row's). */
function messageEvent(id: string, message: NewChatMessage): Record<string, unknown> {
  const base = { messageId: id, content: message.content };
  const links = message.links?.length ? { links: message.links } : {};
  switch (message.role) {
    case "user":
      return { type: "user_message", ...base };
    case "agent":
      return { type: "agent_message", ...base, agentName: message.agentName ?? "" };
    case "assistant":
      return { type: "assistant_message", ...base, ...links };
    case "system":
      return { type: "system_message", ...base, ...links };
  }
}

type MessageColumns = {
  id: string;
  session_id: string;
  role: ChatMessageRow["role"];
  content: string;
  agent_id: string | null;
  agent_name: string | null;
  links: ChatLink[] | null;
  client_message_id: string | null;
  read_at: string | Date | null;
  created_at: string | Date;
};

/**
 * Stores a message, sets the session's last-message time (and its summary, when `summary` is given
 * and the session's is still empty) and appends the message's event: one statement, one round
 * trip. The caller holds the session's lock.
 */
export async function insertMessage(
  tx: Database,
  message: NewChatMessage,
  options: { summary?: string } = {},
): Promise<ChatMessageRow> {
  const id = randomUUID();
  const { sessionId } = message;
  // clock_timestamp(), not now(): now() is the transaction's start, so messages written together (the
  // hand-over reply and the queue notice) would tie and come back in any order. The event's
  // timestamp is the row's, in the ISO form JavaScript gives (milliseconds, truncated, as Date reads it).
  const setSummary =
    options.summary === undefined
      ? sql``
      : sql`, summary = case when summary = '' then ${options.summary} else summary end,
            updated_at = case when summary = '' then now() else updated_at end`;
  const [row] = await queryRows<MessageColumns>(
    tx,
    sql`with inserted as (
          insert into ${chatMessages} (id, session_id, role, content, agent_id, agent_name, links, client_message_id, created_at)
          values (${id}, ${sessionId}, ${message.role}, ${message.content}, ${message.agentId ?? null},
            ${message.agentName ?? null}, ${message.links ? JSON.stringify(message.links) : null}::jsonb,
            ${message.clientMessageId ?? null}, clock_timestamp())
          returning *
        ), touched as (
          update ${chatSessions} set last_message_at = (select created_at from inserted)${setSummary}
          where id = ${sessionId}
          returning id
        ), ${storeEvent(
          sessionId,
          "message",
          sql`${JSON.stringify(messageEvent(id, message))}::jsonb || jsonb_build_object('timestamp',
            to_char(inserted.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
          sql`from inserted`,
        )}
        select inserted.*, ${announce(sessionId)} as announced from inserted, stored, previous`,
  );
  return {
    id: row!.id,
    sessionId: row!.session_id,
    role: row!.role,
    content: row!.content,
    agentId: row!.agent_id,
    agentName: row!.agent_name,
    links: row!.links,
    clientMessageId: row!.client_message_id,
    readAt: row!.read_at === null ? null : new Date(row!.read_at),
    createdAt: new Date(row!.created_at),
  };
}

export async function sessionMessages(db: Database, sessionId: string, limit = 500): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.createdAt))
    .limit(limit);
  return rows.reverse();
}

/** Marks the visitor's unread messages read (all, or those listed) and returns their ids. */
export async function markVisitorMessagesRead(
  tx: Database,
  sessionId: string,
  ids: string[] | undefined,
): Promise<string[]> {
  const rows = await tx
    .update(chatMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        eq(chatMessages.role, "user"),
        isNull(chatMessages.readAt),
        ids ? inArray(chatMessages.id, ids) : undefined,
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.map((r) => r.id);
}

export function toTranscriptMessage(row: ChatMessageRow): ChatTranscriptMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    agentName: row.agentName,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function summaries(db: Database, rows: ChatSessionRow[]): Promise<ChatSessionSummary[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ sessionId: chatMessages.sessionId, n: count() })
    .from(chatMessages)
    .where(
      inArray(
        chatMessages.sessionId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(chatMessages.sessionId);
  const byId = new Map(counts.map((c) => [c.sessionId, Number(c.n)]));
  return rows.map((row) => ({
    id: row.id,
    state: row.state,
    assignedAgentId: row.assignedAgentId,
    assignedAgent: row.assignedAgentName,
    clientName: row.clientName,
    summary: row.summary,
    waitDeadline: row.waitDeadline?.toISOString() ?? null,
    messageCount: byId.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  }));
}

export async function waitingSessions(db: Database): Promise<ChatSessionSummary[]> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.state, "waiting"))
    .orderBy(asc(chatSessions.updatedAt))
    .limit(100);
  return summaries(db, rows);
}

export async function agentSessions(db: Database, agentId: string): Promise<ChatSessionSummary[]> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.state, "agent"), eq(chatSessions.assignedAgentId, agentId)))
    .orderBy(desc(chatSessions.updatedAt));
  return summaries(db, rows);
}

export async function searchSessions(
  db: Database,
  q: string | undefined,
  page: number,
  pageSize = 20,
): Promise<{ items: ChatSessionSummary[]; total: number }> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    sql`${chatSessions.lastMessageAt} is not null`,
    pattern
      ? or(
          ilike(chatSessions.id, pattern),
          ilike(chatSessions.summary, pattern),
          ilike(chatSessions.assignedAgentName, pattern),
          sql`exists (select 1 from ${chatMessages}
                  where ${chatMessages.sessionId} = ${chatSessions.id} and ${chatMessages.content} ilike ${pattern})`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(chatSessions)
      .where(where)
      .orderBy(desc(chatSessions.lastMessageAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(chatSessions).where(where),
  ]);
  return { items: await summaries(db, rows), total: Number(total?.n ?? 0) };
}

export async function summaryOf(db: Database, row: ChatSessionRow): Promise<ChatSessionSummary> {
  return (await summaries(db, [row]))[0]!;
}

/** Waiting sessions whose deadline has passed, claimed back to the assistant (each by exactly one caller). */
export async function claimExpiredWaits(db: Database, now: Date, sessionId?: string): Promise<string[]> {
  const rows = await db
    .update(chatSessions)
    .set({ state: "ai", waitDeadline: null, updatedAt: now })
    .where(
      and(
        eq(chatSessions.state, "waiting"),
        lt(chatSessions.waitDeadline, now),
        sessionId ? eq(chatSessions.id, sessionId) : undefined,
      ),
    )
    .returning({ id: chatSessions.id });
  return rows.map((r) => r.id);
}

export async function setPresence(db: Database, staffId: string, status: "online" | "away"): Promise<void> {
  await db
    .insert(chatAgentPresence)
    .values({ staffId, status, lastSeenAt: new Date() })
    .onConflictDoUpdate({ target: chatAgentPresence.staffId, set: { status, lastSeenAt: new Date() } });
}

export async function touchPresence(db: Database, staffId: string): Promise<void> {
  await db.update(chatAgentPresence).set({ lastSeenAt: new Date() }).where(eq(chatAgentPresence.staffId, staffId));
}

export async function presenceOf(db: Database, staffId: string): Promise<"online" | "away"> {
  const [row] = await db.select().from(chatAgentPresence).where(eq(chatAgentPresence.staffId, staffId));
  return row?.status ?? "away";
}

export async function onlineAgentCount(db: Database, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatAgentPresence)
    .where(
      and(
        eq(chatAgentPresence.status, "online"),
        gt(chatAgentPresence.lastSeenAt, new Date(now.getTime() - PRESENCE_STALE_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Chats a person is in or waiting for (the dashboard's figure). */
export async function countOpenChats(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatSessions)
    .where(inArray(chatSessions.state, ["waiting", "agent"]));
  return row?.n ?? 0;
}
