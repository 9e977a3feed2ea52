import { asc, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PersonMatch } from "#contracts/data-rights.ts";
import type { Database } from "../../db/client.ts";
import { chatEvents, chatMessages, chatSessions } from "./chat-schema.ts";

/**
 * A person's chats: those that became one of their enquiries, and those where the visitor wrote
 * their email address or phone number. A chat carries no address of its own.
 */
async function chatIdsOf(db: Database, person: PersonMatch, enquiryIds: string[]): Promise<string[]> {
  const conditions: SQL[] = [];
  if (enquiryIds.length) conditions.push(inArray(chatSessions.enquiryId, enquiryIds));
  const written: SQL[] = [];
  if (person.email) written.push(sql`lower(${chatMessages.content}) like ${`%${likeEscape(person.email)}%`}`);
  if (person.phone) {
    written.push(sql`regexp_replace(${chatMessages.content}, '[^0-9]', '', 'g') like ${`%${person.phone}%`}`);
  }
  if (written.length) {
    conditions.push(
      sql`${chatSessions.id} in (select ${chatMessages.sessionId} from ${chatMessages}
        where ${chatMessages.role} = 'user' and (${or(...written)}))`,
    );
  }
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(or(...conditions));
  return rows.map((r) => r.id);
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A person's chats with their transcripts: for a data export. */
export async function chatRecordsOf(
  db: Database,
  person: PersonMatch,
  enquiryIds: string[],
): Promise<Record<string, unknown>[]> {
  const ids = await chatIdsOf(db, person, enquiryIds);
  if (ids.length === 0) return [];
  const [sessions, messages] = await Promise.all([
    db.select().from(chatSessions).where(inArray(chatSessions.id, ids)).orderBy(asc(chatSessions.createdAt)),
    db
      .select({
        sessionId: chatMessages.sessionId,
        role: chatMessages.role,
        content: chatMessages.content,
        agentName: chatMessages.agentName,
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .where(inArray(chatMessages.sessionId, ids))
      .orderBy(asc(chatMessages.createdAt)),
  ]);
  return sessions.map((s) => ({
    id: s.id,
    clientName: s.clientName,
    language: s.language,
    summary: s.summary,
    ipAddress: s.ipAddress,
    enquiryId: s.enquiryId,
    createdAt: s.createdAt,
    messages: messages.filter((m) => m.sessionId === s.id).map(({ sessionId: _id, ...m }) => m),
  }));
}

/**
 * Erases a person's chats: the transcript and its event log are removed; the session row stays,
 * without name, summary or address, with its hand-overs, so chat volumes and response times hold.
 */
export async function eraseChats(db: Database, person: PersonMatch, enquiryIds: string[]): Promise<number> {
  const ids = await chatIdsOf(db, person, enquiryIds);
  if (ids.length === 0) return 0;
  await db.delete(chatMessages).where(inArray(chatMessages.sessionId, ids));
  await db.delete(chatEvents).where(inArray(chatEvents.sessionId, ids));
  await db
    .update(chatSessions)
    .set({ clientName: null, summary: "", ipAddress: null, pollPrompt: null, pollSource: null, awaitingEmail: null })
    .where(inArray(chatSessions.id, ids));
  return ids.length;
}
