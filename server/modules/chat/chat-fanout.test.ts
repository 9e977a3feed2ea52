import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "../../db/client.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { openTestStream } from "../../../tests/support/sse-client.ts";
import { CHAT_COOKIE } from "./chat-routes.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

/** Two instances, one PostgreSQL: what is posted on one reaches a stream held by the other. */
describe.skipIf(!adminUrl)("chat fan-out across two instances on PostgreSQL", () => {
  const name = `test_${randomBytes(6).toString("hex")}`;
  let one: DatabaseHandle;
  let two: DatabaseHandle;
  let appOne: FastifyInstance;
  let appTwo: FastifyInstance;
  let baseTwo: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    one = await openPostgres(url.toString());
    two = await openPostgres(url.toString());
    await Promise.all([one.migrate(), two.migrate()]);
    appOne = await testApp(one, { env: { CHAT_HOURS: "always" } });
    appTwo = await testApp(two, { env: { CHAT_HOURS: "always" } });
    await appTwo.listen({ port: 0, host: "127.0.0.1" });
    const address = appTwo.server.address();
    baseTwo = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await appOne?.close();
    await appTwo?.close();
    await one?.close();
    await two?.close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it("delivers a visitor's message, the answer and an agent's reply from instance one to a stream on instance two", async () => {
    const browser = "c".repeat(32);
    const sessionId = `chat_${Date.now()}`;
    const stream = await openTestStream(`${baseTwo}/api/ai-chat/stream?sessionId=${sessionId}`, {
      cookie: `${CHAT_COOKIE}=${browser}`,
    });
    try {
      await createStaffUser(one.db, "amina", "agent");
      const agent = await signIn(appOne, "amina", "amina-password-123");
      await appOne.inject({
        method: "PUT",
        url: "/api/admin/chats/presence",
        payload: { status: "online" },
        headers: asStaff(agent),
      });
      const posted = await appOne.inject({
        method: "POST",
        url: "/api/ai-chat",
        payload: { message: "How do I register a domain?", sessionId },
        headers: { cookie: `${CHAT_COOKIE}=${browser}` },
      });
      expect(posted.statusCode).toBe(200);
      await stream.waitFor((e) => (e.data as { type?: string }).type === "user_message");
      await stream.waitFor((e) => (e.data as { type?: string }).type === "assistant_message");

      await appOne.inject({
        method: "POST",
        url: "/api/ai-chat",
        payload: { message: "Can I speak to a human?", sessionId },
        headers: { cookie: `${CHAT_COOKIE}=${browser}` },
      });
      await stream.waitFor((e) => e.event === "session" && (e.data as { waitingForAgent: boolean }).waitingForAgent);
      expect(
        (await appOne.inject({ method: "POST", url: `/api/admin/chats/${sessionId}/accept`, headers: asStaff(agent) }))
          .statusCode,
      ).toBe(200);
      await appOne.inject({
        method: "POST",
        url: `/api/admin/chats/${sessionId}/typing`,
        payload: { typing: true },
        headers: asStaff(agent),
      });
      await appOne.inject({
        method: "POST",
        url: `/api/admin/chats/${sessionId}/messages`,
        payload: { content: "Murakoze, I'm here" },
        headers: asStaff(agent),
      });
      await stream.waitFor((e) => e.event === "typing");
      const reply = await stream.waitFor((e) => (e.data as { type?: string }).type === "agent_message");
      expect(reply.data).toMatchObject({ content: "Murakoze, I'm here", agentName: "Amina Staff" });
      const ids = stream.events.filter((e) => e.id !== undefined).map((e) => e.id!);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      stream.close();
    }
  });
});
