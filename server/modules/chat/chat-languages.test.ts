import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { createStaffUser } from "../../../tests/support/admin.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { chatMessages, chatSessions } from "./chat-schema.ts";
import { requestLanguage, serverT } from "../../lib/i18n.ts";
import { localizedContent } from "../../lib/localized-content.ts";
import { builtinAssistant } from "./assistant/builtin-assistant.ts";
import { setPresence } from "./chat-repository.ts";
import { chatService } from "./chat-service.ts";
import { CHAT_COOKIE } from "./chat-routes.ts";

/** What the server writes into a chat later (queue, timeouts, agents) is in the chat's language, not the writer's. */
describe.each(databaseBackends())("a chat in the visitor's language on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let agent: { id: string; username: string; displayName: string };

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database, { env: { CHAT_HOURS: "always" } });
    agent = await createStaffUser(database.db, "amina", "agent");
    await setPresence(database.db, agent.id, "online");
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const service = (now = new Date()) =>
    chatService({
      db: database.db,
      assistant: builtinAssistant(),
      agentWaitMs: 60_000,
      hours: "always",
      notifyTo: "sales@example.test",
      onEnquiry: () => undefined,
      now: () => now,
    });
  const session = async (id: string) =>
    (await database.db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0]!;
  const messages = async (id: string) =>
    database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, id)).orderBy(chatMessages.createdAt);
  const chat = (key: string, lng: string, values: Record<string, unknown> = {}) =>
    serverT(`chat.${key}`, { ns: "chat", lng, ...values });

  it("stores the request's language with a new chat and answers from the French content with French links", async () => {
    const sessionId = "chat_fr_1700000000001";
    const response = await app.inject({
      method: "POST",
      url: "/api/ai-chat",
      headers: { "accept-language": "fr-FR,fr;q=0.9", cookie: `${CHAT_COOKIE}=${"f".repeat(32)}` },
      payload: { message: "Combien coûte un site web ?", sessionId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toMatch(/devis/);
    expect((await session(sessionId)).language).toBe("fr");
    const [, reply] = await messages(sessionId);
    expect(reply?.links?.map((link) => link.href)).toContain("/fr/contact");
  });

  it("takes the language of a stream that opens the chat from the query (an EventSource sends no header)", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const controller = new AbortController();
    const sessionId = "chat_sw_1700000000002";
    const response = await fetch(`http://127.0.0.1:${port}/api/ai-chat/stream?sessionId=${sessionId}&lang=sw`, {
      headers: { cookie: `${CHAT_COOKIE}=${"s".repeat(32)}`, "accept-language": "en" },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    controller.abort();
    expect((await session(sessionId)).language).toBe("sw");
    // A language we do not have is ignored, not refused.
    const other = await fetch(`http://127.0.0.1:${port}/api/ai-chat/stream?sessionId=chat_xx_1700000000003&lang=de`, {
      headers: { cookie: `${CHAT_COOKIE}=${"s".repeat(32)}` },
      signal: AbortSignal.timeout(2000),
    }).catch(() => null);
    expect(other?.status).toBe(200);
    await other?.body?.cancel();
  });

  it("queues, times out and hands over in the chat's language, though the agent's console and the sweeper speak English", async () => {
    const sessionId = "chat_rw_1700000000004";
    const visitor = service();
    await requestLanguage.run("rw", () =>
      visitor.postMessage({ sessionId, message: "Nshaka kuvugana n'umuntu", browserHash: "rw-browser" }),
    );
    expect(await session(sessionId)).toMatchObject({ language: "rw", state: "waiting" });
    const contents = (await messages(sessionId)).map((m) => m.content);
    expect(contents).toContain(chat("handoverRequested", "rw"));
    expect(contents).toContain(chat("queued", "rw"));

    // The agent's request is English: what they cause to be said in the chat is not.
    await requestLanguage.run("en", () =>
      visitor.accept(sessionId, { id: agent.id, username: agent.username, displayName: agent.displayName }),
    );
    expect((await messages(sessionId)).at(-1)?.content).toBe(chat("agentJoined", "rw", { agent: agent.displayName }));
    await requestLanguage.run("en", () =>
      visitor.end(sessionId, { id: agent.id, username: agent.username, displayName: agent.displayName }),
    );
    expect((await messages(sessionId)).at(-1)?.content).toContain(
      chat("agentEnded", "rw", {
        agent: agent.displayName,
        assistant: localizedContent("company", "rw").company.assistantName,
      }),
    );

    // No request at all: the sweeper returns an expired wait to the assistant.
    const waiting = "chat_fr_1700000000005";
    await requestLanguage.run("fr", () =>
      visitor.postMessage({
        sessionId: waiting,
        message: "Je voudrais parler à un conseiller",
        browserHash: "fr-browser",
      }),
    );
    const later = service(new Date(Date.now() + 61_000));
    expect(await later.expireWaits(waiting)).toBe(1);
    const notice = (await messages(waiting)).at(-1)!;
    expect(notice.role).toBe("system");
    expect(notice.content).toMatch(/personne de notre équipe n'a pu se libérer/);
    expect(notice.content).toContain("24 heures");
  });

  it("follows the visitor when they switch the site's language mid-chat", async () => {
    const sessionId = "chat_switch_1700000000006";
    const visitor = service();
    await requestLanguage.run("en", () =>
      visitor.postMessage({ sessionId, message: "Hello", browserHash: "switcher" }),
    );
    expect((await session(sessionId)).language).toBe("en");
    const answer = await requestLanguage.run("sw", () =>
      visitor.postMessage({ sessionId, message: "Naweza kulipa kwa M-Pesa?", browserHash: "switcher" }),
    );
    expect((await session(sessionId)).language).toBe("sw");
    expect((await messages(sessionId)).at(-1)?.links?.[0]?.href).toBe("/sw/payment");
    expect(answer.response).toBeTruthy();
  });
});
