import type { FastifyInstance } from "fastify";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages as chatMessageText } from "#contracts/chat.ts";
import { chatMessages as messageRows, chatSessions } from "./chat-schema.ts";
import { contactEnquiries } from "../contact/contact-schema.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { openTestStream, type TestStream } from "../../../tests/support/sse-client.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { CHAT_COOKIE } from "./chat-routes.ts";

const visitorA = "a".repeat(32);
const visitorB = "b".repeat(32);
const cookieOf = (browser: string) => ({ cookie: `${CHAT_COOKIE}=${browser}` });
let counter = 0;
const newSession = () => `chat_${Date.now()}${(counter += 1)}`;

describe.each(databaseBackends())("chat API on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let base: string;
  let agentCookie: string;
  let agent2Cookie: string;
  const streams: TestStream[] = [];

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database, { env: { CHAT_HOURS: "always", CHAT_AGENT_WAIT_SECONDS: "60" } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    await createStaffUser(database.db, "amina", "agent");
    await createStaffUser(database.db, "eric", "agent");
    agentCookie = await signIn(app, "amina", "amina-password-123");
    agent2Cookie = await signIn(app, "eric", "eric-password-123", "10.9.8.8");
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app.close();
    await cleanup();
  });

  const post = (url: string, payload: unknown, browser = visitorA) =>
    // Each test's visitor has its own address, so the per-IP rate limit does not couple tests.
    app.inject({
      method: "POST",
      url,
      payload: payload as object,
      headers: cookieOf(browser),
      remoteAddress: `10.1.${Math.floor(counter / 250)}.${counter % 250}`,
    });
  const stream = async (sessionId: string, browser = visitorA, extra = "", headers: Record<string, string> = {}) => {
    const s = await openTestStream(`${base}/api/ai-chat/stream?sessionId=${sessionId}${extra}`, {
      ...cookieOf(browser),
      ...headers,
    });
    streams.push(s);
    return s;
  };
  const staff = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, cookie = agentCookie) =>
    app.inject({ method, url, payload: payload as object | undefined, headers: asStaff(cookie) });

  it.each([
    { payload: { sessionId: "chat_1700000000000" }, field: "message" },
    { payload: { message: "   ", sessionId: "chat_1700000000000" }, field: "message" },
    { payload: { message: "x".repeat(2001), sessionId: "chat_1700000000000" }, field: "message" },
    { payload: { message: "hi" }, field: "sessionId" },
    { payload: { message: "hi", sessionId: "bad id!" }, field: "sessionId" },
  ])("refuses bad input naming $field", async ({ payload, field }) => {
    const response = await post("/api/ai-chat", payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it.each([
    { url: "/api/ai-chat/poll", payload: { sessionId: "chat_1700000000000", answer: "maybe" }, field: "answer" },
    { url: "/api/ai-chat/cancel", payload: {}, field: "sessionId" },
  ])("refuses bad $url input naming $field", async ({ url, payload, field }) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it("answers a question with a link, sets the binding cookie, and streams the exchange", async () => {
    const sessionId = newSession();
    const first = await app.inject({
      method: "POST",
      url: "/api/ai-chat",
      payload: { message: "Do you offer web hosting?", sessionId },
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      userMessageId: expect.any(String),
      response: expect.stringContaining("host"),
    });
    const cookie = first.cookies.find((c) => c.name === CHAT_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, path: "/api/ai-chat", sameSite: "Lax" });

    const s = await stream(sessionId, cookie.value);
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(s.headers.get("x-accel-buffering")).toBe("no");
    expect(s.headers.get("cache-control")).toContain("no-cache");
    const user = await s.waitFor((e) => e.event === "message" && (e.data as { type: string }).type === "user_message");
    expect(user.data).toMatchObject({ content: "Do you offer web hosting?", messageId: body.userMessageId });
    const reply = await s.waitFor(
      (e) => e.event === "message" && (e.data as { type: string }).type === "assistant_message",
    );
    expect((reply.data as { links: { href: string }[] }).links.map((l) => l.href)).toContain("/vps-hosting");
    expect(reply.id).toBeGreaterThan(user.id!);
    await s.waitFor((e) => e.event === "session");
    expect(s.events.at(-1)).toMatchObject({
      event: "session",
      data: { mode: "ai", waitingForAgent: false, agentConnected: false },
    });
  });

  it("refuses a session that belongs to another browser on every call", async () => {
    const sessionId = newSession();
    expect((await post("/api/ai-chat", { message: "hello", sessionId })).statusCode).toBe(200);
    const other = await post("/api/ai-chat", { message: "hello", sessionId }, visitorB);
    expect(other.statusCode).toBe(403);
    expect(other.json().fields).toHaveProperty("sessionId");
    expect((await post("/api/ai-chat/poll", { sessionId, answer: "yes" }, visitorB)).statusCode).toBe(403);
    expect((await post("/api/ai-chat/cancel", { sessionId }, visitorB)).statusCode).toBe(403);
    expect((await post("/api/ai-chat/typing", { sessionId, typing: true }, visitorB)).statusCode).toBe(403);
    const s = await openTestStream(`${base}/api/ai-chat/stream?sessionId=${sessionId}`, cookieOf(visitorB));
    expect(s.status).toBe(403);
    s.close();
    expect((await post("/api/ai-chat/cancel", { sessionId: newSession() })).statusCode).toBe(404);
  });

  it("stores a retried message once (clientMessageId)", async () => {
    const sessionId = newSession();
    const one = await post("/api/ai-chat", { message: "hello", sessionId, clientMessageId: "m1" });
    const two = await post("/api/ai-chat", { message: "hello", sessionId, clientMessageId: "m1" });
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(two.json().userMessageId).toBe(one.json().userMessageId);
    const rows = await database.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
    expect(rows).toHaveLength(1);
  });

  it("replays what was missed after Last-Event-ID or ?lastEventId, and nothing twice", async () => {
    const sessionId = newSession();
    await post("/api/ai-chat", { message: "Where is your office?", sessionId });
    const first = await stream(sessionId);
    const reply = await first.waitFor((e) => (e.data as { type?: string }).type === "assistant_message");
    first.close();
    await post("/api/ai-chat", { message: "What are your opening hours?", sessionId });
    for (const [extra, headers] of [
      [`&lastEventId=${reply.id}`, {}],
      ["", { "last-event-id": String(reply.id) }],
    ] as const) {
      const again = await stream(sessionId, visitorA, extra, headers);
      await again.waitFor((e) => (e.data as { content?: string }).content === "What are your opening hours?");
      await again.waitFor((e) => e.event === "session" && e.id === undefined);
      const ids = again.events.filter((e) => e.id !== undefined).map((e) => e.id!);
      expect(Math.min(...ids)).toBeGreaterThan(reply.id!);
      expect(new Set(ids).size).toBe(ids.length);
      again.close();
    }
  });

  it("hands over: queue with countdown, one agent wins, messages, typing, receipts, poll, end", async () => {
    expect((await staff("PUT", "/api/admin/chats/presence", { status: "online" })).statusCode).toBe(200);
    const sessionId = newSession();
    const s = await stream(sessionId);
    const console = await openTestStream(`${base}/api/admin/chats/stream`, asStaff(agentCookie));
    streams.push(console);
    await post("/api/ai-chat", { message: "Can you tell me about cloud migration?", sessionId });
    const asked = await post("/api/ai-chat", { message: "I'd like to talk to a human please", sessionId });
    expect(asked.json()).toMatchObject({ success: true });
    await s.waitFor((e) => e.event === "session" && (e.data as { waitingForAgent: boolean }).waitingForAgent);
    const countdown = await s.waitFor((e) => e.event === "countdown");
    expect((countdown.data as { remainingMs: number }).remainingMs).toBeGreaterThan(55_000);
    await console.waitFor(
      (e) =>
        (e.data as { sessionId: string; event: string }).sessionId === sessionId &&
        (e.data as { event: string }).event === "session",
    );

    const queue = (await staff("GET", "/api/admin/chats/queue")).json();
    expect(queue.waiting.map((w: { id: string }) => w.id)).toContain(sessionId);
    expect(queue.waiting.find((w: { id: string }) => w.id === sessionId).summary).toContain("cloud migration");
    const detail = (await staff("GET", `/api/admin/chats/${sessionId}`)).json();
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(
      expect.arrayContaining(["user", "assistant", "system"]),
    );

    const [a, b] = await Promise.all([
      staff("POST", `/api/admin/chats/${sessionId}/accept`),
      staff("POST", `/api/admin/chats/${sessionId}/accept`, undefined, agent2Cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? agentCookie : agent2Cookie;
    const loser = winner === agentCookie ? agent2Cookie : agentCookie;
    const name = winner === agentCookie ? "Amina Staff" : "Eric Staff";
    await s.waitFor(
      (e) =>
        e.event === "session" && (e.data as { agentConnected: boolean; assignedAgent: string }).assignedAgent === name,
    );

    expect((await staff("POST", `/api/admin/chats/${sessionId}/messages`, { content: "Hi" }, loser)).statusCode).toBe(
      409,
    );
    expect((await staff("POST", `/api/admin/chats/${sessionId}/typing`, { typing: true }, winner)).statusCode).toBe(
      200,
    );
    await s.waitFor((e) => e.event === "typing" && (e.data as { typing: boolean }).typing);
    await staff("POST", `/api/admin/chats/${sessionId}/messages`, { content: "Hello, how can I help?" }, winner);
    const agentMsg = await s.waitFor(
      (e) => e.event === "message" && (e.data as { type: string }).type === "agent_message",
    );
    expect(agentMsg.data).toMatchObject({ content: "Hello, how can I help?", agentName: name });

    const visitorMessage = (await post("/api/ai-chat", { message: "We need to move 3 servers", sessionId })).json();
    expect(visitorMessage.response).toBeUndefined();
    await post("/api/ai-chat/typing", { sessionId, typing: true });
    await console.waitFor((e) => (e.data as { event: string }).event === "visitor_typing");
    const read = (await staff("POST", `/api/admin/chats/${sessionId}/read`, {}, winner)).json();
    expect(read.messageIds).toContain(visitorMessage.userMessageId);
    const receipt = await s.waitFor((e) => e.event === "receipt");
    expect((receipt.data as { messageIds: string[] }).messageIds).toContain(visitorMessage.userMessageId);

    await staff("POST", `/api/admin/chats/${sessionId}/poll`, { prompt: "Shall I send a quote?" }, winner);
    await s.waitFor((e) => e.event === "poll" && (e.data as { prompt: string }).prompt === "Shall I send a quote?");
    expect((await post("/api/ai-chat/poll", { sessionId, answer: "yes" })).statusCode).toBe(200);
    await s.waitFor(
      (e) =>
        (e.data as { type?: string; content?: string }).type === "user_message" &&
        (e.data as { content: string }).content === "Yes",
    );
    // The answered poll stays in the transcript, question then answer, for the visitor and the agent.
    const transcript = await database.db
      .select()
      .from(messageRows)
      .where(eq(messageRows.sessionId, sessionId))
      .orderBy(asc(messageRows.createdAt));
    expect(transcript.slice(-2).map((m) => [m.role, m.content])).toEqual([
      ["agent", "Shall I send a quote?"],
      ["user", "Yes"],
    ]);
    // Written in one transaction, the hand-over reply still comes before the queue notice.
    const handover = transcript.findIndex((m) => m.content.startsWith("Of course, I'll connect you"));
    expect(handover).toBeGreaterThanOrEqual(0);
    expect(transcript[handover + 1]?.content).toMatch(/^You're in the queue/);

    expect((await staff("POST", `/api/admin/chats/${sessionId}/end`, undefined, winner)).statusCode).toBe(200);
    await s.waitFor(
      (e) =>
        e.event === "session" &&
        (e.data as { mode: string }).mode === "ai" &&
        e.id !== undefined &&
        e.id > agentMsg.id!,
    );
    const history = (await staff("GET", "/api/admin/chats/history?q=move%203%20servers")).json();
    expect(history.items.map((i: { id: string }) => i.id)).toEqual([sessionId]);
    const audit = await database.db.execute(sql`select action from audit_log where target_id = ${sessionId}`);
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action).sort()).toEqual([
      "chat.accept",
      "chat.end",
    ]);
  });

  it("returns a timed-out wait to the assistant with the email offer, and the email becomes an enquiry", async () => {
    await staff("PUT", "/api/admin/chats/presence", { status: "online" });
    const sessionId = newSession();
    const s = await stream(sessionId);
    await post("/api/ai-chat", { message: "connect me to an agent", sessionId });
    await s.waitFor((e) => e.event === "session" && (e.data as { waitingForAgent: boolean }).waitingForAgent);
    await database.db
      .update(chatSessions)
      .set({ waitDeadline: new Date(Date.now() - 1000) })
      .where(eq(chatSessions.id, sessionId));
    await app.chat.expireWaits(sessionId);
    await s.waitFor((e) => e.event === "session" && (e.data as { mode: string }).mode === "ai");
    await s.waitFor(
      (e) =>
        (e.data as { type?: string; content?: string }).type === "system_message" &&
        /email address/.test((e.data as { content: string }).content),
    );
    const bad = (await post("/api/ai-chat", { message: "me@nowhere", sessionId })).json();
    expect(bad.response).toMatch(/doesn't look like an email/);
    const good = (await post("/api/ai-chat", { message: "You can reach me at grace@example.rw", sessionId })).json();
    expect(good.response).toContain("grace@example.rw");
    const [enquiry] = await database.db
      .select()
      .from(contactEnquiries)
      .where(eq(contactEnquiries.email, "grace@example.rw"));
    expect(enquiry?.message).toContain(sessionId);
    expect(enquiry?.message).toContain("connect me to an agent");
  });

  it("cancel returns to the assistant with the offer; without online agents nobody is promised", async () => {
    await staff("PUT", "/api/admin/chats/presence", { status: "online" });
    const sessionId = newSession();
    await post("/api/ai-chat", { message: "talk to a person", sessionId });
    expect((await database.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId)))[0]?.state).toBe(
      "waiting",
    );
    expect((await post("/api/ai-chat/cancel", { sessionId })).json()).toEqual({ success: true });
    const [row] = await database.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
    expect(row).toMatchObject({ state: "ai", waitDeadline: null });
    expect(row?.awaitingEmail).not.toBeNull();

    await staff("PUT", "/api/admin/chats/presence", { status: "away" });
    await staff("PUT", "/api/admin/chats/presence", { status: "away" }, agent2Cookie);
    const lonely = newSession();
    const answer = (await post("/api/ai-chat", { message: "talk to a person", sessionId: lonely })).json();
    expect(answer.response).toMatch(/Nobody from our team is available/);
    expect((await database.db.select().from(chatSessions).where(eq(chatSessions.id, lonely)))[0]?.state).toBe("ai");
    // WhatsApp is still a way to reach a person: the offer carries the click-to-chat link.
    const offered = await database.db.select().from(messageRows).where(eq(messageRows.sessionId, lonely));
    expect(offered.find((m) => m.content.includes("Nobody from our team is available"))?.links).toEqual([
      { label: "Chat with us on WhatsApp", href: "https://wa.me/250788000000" },
    ]);
  });

  it("offers a person with a yes/no poll when it has no answer; yes queues", async () => {
    await staff("PUT", "/api/admin/chats/presence", { status: "online" });
    const sessionId = newSession();
    const s = await stream(sessionId);
    await post("/api/ai-chat", { message: "Do you rent out delivery motorbikes?", sessionId });
    await s.waitFor((e) => e.event === "poll");
    await post("/api/ai-chat/poll", { sessionId, answer: "yes" });
    await s.waitFor((e) => e.event === "session" && (e.data as { waitingForAgent: boolean }).waitingForAgent);
  });

  it("keeps the console to staff", async () => {
    expect((await app.inject({ method: "GET", url: "/api/admin/chats/queue" })).statusCode).toBe(401);
    expect(chatMessageText.sessionIdInvalid).toContain("sessionId");
  });
});
