import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { chatHub, type ChatHub } from "./chat-hub.ts";
import {
  appendEvent,
  CHAT_CHANNEL,
  createSession,
  findSession,
  insertMessage,
  lockSession,
  NOTIFY_DATA_MAX_BYTES,
  type ChatEventRow,
} from "./chat-repository.ts";
import { chatEvents } from "./chat-schema.ts";

/** What a subscriber was sent, in order: id, event and data. */
type Sent = { id: number; event: string; data: unknown };

describe.each(databaseBackends())("chat hub on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let hub: ChatHub;
  let sessions = 0;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    hub = chatHub(database, pino({ level: "silent" }) as unknown as FastifyBaseLogger);
    await hub.start();
  });
  afterAll(async () => {
    await hub?.stop();
    await cleanup?.();
  });

  async function newSession(): Promise<string> {
    const id = `chat_hub_${++sessions}_${Date.now()}`;
    await createSession(database.db, id, "h".repeat(64), undefined, "en");
    return id;
  }
  /** As the chat service writes: under the session's lock. */
  const append = (sessionId: string, event: string, data: unknown) =>
    database.db.transaction(async (tx) => {
      await lockSession(tx, sessionId);
      return appendEvent(tx, sessionId, event, data);
    });
  async function subscribe(sessionId: string | null) {
    const sent: Sent[] = [];
    const subscription = await hub.subscribe(
      {
        sessionId,
        deliver: (row: ChatEventRow) => sent.push({ id: row.id, event: row.event, data: row.data }),
        passing: () => undefined,
      },
      0,
    );
    return { sent, close: () => subscription.close() };
  }
  /** A notification as another instance would send it, straight through PostgreSQL. */
  const notify = (note: object) => database.db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(note)})`);
  /** What PostgreSQL itself announces on the channel, to read the payload a stream is sent from. */
  async function heard(): Promise<{ payloads: string[]; stop: () => Promise<void> }> {
    const payloads: string[] = [];
    const stop = await database.listen(CHAT_CHANNEL, (payload) => payloads.push(payload));
    return { payloads, stop };
  }

  it("announces a stored event with the event itself and the session's previous event id", async () => {
    const sessionId = await newSession();
    const listening = await heard();
    try {
      const first = await append(sessionId, "message", { type: "user_message", content: "Muraho" });
      const second = await append(sessionId, "poll", { type: "poll", prompt: "Talk to a person?" });
      await vi.waitFor(() => expect(listening.payloads).toHaveLength(2));
      const [one, two] = listening.payloads.map((p) => JSON.parse(p) as Record<string, unknown>);
      expect(one).toMatchObject({
        s: sessionId,
        id: first,
        p: 0,
        e: "message",
        d: { type: "user_message", content: "Muraho" },
      });
      expect(two).toMatchObject({ s: sessionId, id: second, p: first, e: "poll" });
      expect(Number.isNaN(Date.parse(String(two!.t)))).toBe(false);
    } finally {
      await listening.stop();
    }
  });

  it("sends a carried event from its notification, without reading the log", async () => {
    const sessionId = await newSession();
    const stream = await subscribe(sessionId);
    try {
      // Announced but never stored: only the notification can have brought it.
      const note = { s: sessionId, id: 9_000_000, p: 0, e: "message", d: { content: "from the note" }, t: new Date() };
      await notify(note);
      await vi.waitFor(() =>
        expect(stream.sent).toEqual([{ id: 9_000_000, event: "message", data: { content: "from the note" } }]),
      );
      // The same notification again (an echo) is not sent twice; the next one follows it.
      await notify(note);
      const next = { ...note, id: 9_000_001, p: 9_000_000, d: { content: "next" } };
      await notify(next);
      await vi.waitFor(() => expect(stream.sent.map((s) => s.id)).toEqual([9_000_000, 9_000_001]));
    } finally {
      stream.close();
    }
  });

  it("reads the log when a notification shows an event the stream never had", async () => {
    const sessionId = await newSession();
    const stream = await subscribe(sessionId);
    try {
      // Stored without a notification, as when the listener was reconnecting.
      const [missed] = await database.db
        .insert(chatEvents)
        .values({ sessionId, event: "message", data: { content: "missed" } })
        .returning({ id: chatEvents.id });
      const next = await append(sessionId, "message", { content: "next" });
      await vi.waitFor(() =>
        expect(stream.sent).toEqual([
          { id: Number(missed!.id), event: "message", data: { content: "missed" } },
          { id: next, event: "message", data: { content: "next" } },
        ]),
      );
    } finally {
      stream.close();
    }
  });

  it("announces a long event by id alone, and the stream reads it from the log", async () => {
    const sessionId = await newSession();
    const stream = await subscribe(sessionId);
    const listening = await heard();
    try {
      const content = "Ndashaka urubuga. ".repeat(Math.ceil(NOTIFY_DATA_MAX_BYTES / 18) + 1);
      const id = await append(sessionId, "message", { content });
      await vi.waitFor(() => expect(stream.sent).toEqual([{ id, event: "message", data: { content } }]));
      expect(listening.payloads.map((p) => JSON.parse(p) as unknown)).toContainEqual({ s: sessionId, id });
    } finally {
      await listening.stop();
      stream.close();
    }
  });

  it("stores a message with its event: the transcript's time, links and agent, and the first summary", async () => {
    const sessionId = await newSession();
    const stream = await subscribe(sessionId);
    try {
      const links = [{ label: "Domains", href: "/domains" }];
      const written = await database.db.transaction(async (tx) => {
        await lockSession(tx, sessionId);
        const rows = [];
        for (let k = 0; k < 20; k++)
          rows.push(
            await insertMessage(tx, { sessionId, role: "user", content: `hello ${k}` }, { summary: `hello ${k}` }),
          );
        rows.push(await insertMessage(tx, { sessionId, role: "assistant", content: "See our domains", links }));
        rows.push(await insertMessage(tx, { sessionId, role: "agent", content: "Amina here", agentName: "Amina" }));
        rows.push(await insertMessage(tx, { sessionId, role: "system", content: "Amina joined" }));
        return rows;
      });
      await vi.waitFor(() => expect(stream.sent).toHaveLength(written.length));
      expect(stream.sent.map((s) => s.data)).toEqual(
        written.map((row) => ({
          type: `${row.role}_message`,
          messageId: row.id,
          content: row.content,
          // The same instant the transcript shows, to the millisecond, whatever the microseconds.
          timestamp: row.createdAt.toISOString(),
          ...(row.role === "assistant" ? { links } : {}),
          ...(row.role === "agent" ? { agentName: "Amina" } : {}),
        })),
      );
      expect(written[20]!.links).toEqual(links);
      const session = await findSession(database.db, sessionId);
      expect(session?.summary).toBe("hello 0");
      expect(session?.lastMessageAt?.toISOString()).toBe(written.at(-1)!.createdAt.toISOString());
    } finally {
      stream.close();
    }
  });

  it("gives the console every session's new events, in order, once", async () => {
    const [a, b] = [await newSession(), await newSession()];
    const before = await append(a, "message", { content: "before the console" });
    const console = await subscribe(null);
    try {
      const one = await append(a, "message", { content: "a1" });
      const two = await append(b, "message", { content: "b1" });
      const three = await append(a, "receipt", { messageIds: ["m1"] });
      await vi.waitFor(() => expect(console.sent.map((s) => s.id)).toEqual([one, two, three]));
      expect(console.sent.map((s) => s.id)).not.toContain(before);
    } finally {
      console.close();
    }
  });
});
