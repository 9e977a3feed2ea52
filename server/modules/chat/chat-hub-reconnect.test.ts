import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPostgres, type DatabaseHandle } from "../../db/client.ts";
import { startTcpRelay } from "../../../tests/doubles/tcp-relay.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { chatHub, type ChatHub } from "./chat-hub.ts";
import { appendEvent, createSession, lockSession, type ChatEventRow } from "./chat-repository.ts";

const postgres = databaseBackends().find((backend) => backend.name === "postgres");

// The embedded database has no connection to lose; this runs where PostgreSQL answers (as on CI).
describe.skipIf(!postgres)("chat hub when its PostgreSQL listener is lost", () => {
  let direct: DatabaseHandle;
  let throughRelay: DatabaseHandle;
  let relay: Awaited<ReturnType<typeof startTcpRelay>>;
  let cleanup: () => Promise<void>;
  let hub: ChatHub;

  beforeAll(async () => {
    const opened = await postgres!.open();
    ({ database: direct, cleanup } = opened);
    const url = new URL(opened.url!);
    relay = await startTcpRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `${relay.host}:${relay.port}`;
    throughRelay = await openPostgres(url.toString());
    throughRelay.onError(() => undefined);
    hub = chatHub(throughRelay, pino({ level: "silent" }) as unknown as FastifyBaseLogger);
    await hub.start();
  });
  afterAll(async () => {
    await hub?.stop();
    await throughRelay?.close();
    await relay?.close();
    await cleanup?.();
  });

  /** As another instance writes: on its own connection, under the session's lock. */
  const append = (sessionId: string, content: string) =>
    direct.db.transaction(async (tx) => {
      await lockSession(tx, sessionId);
      return appendEvent(tx, sessionId, "message", { type: "user_message", content });
    });
  async function subscribe(sessionId: string | null) {
    const sent: number[] = [];
    const subscription = await hub.subscribe(
      { sessionId, deliver: (row: ChatEventRow) => sent.push(row.id), passing: () => undefined },
      0,
    );
    return { sent, close: () => subscription.close() };
  }

  it(
    "tries again until the database answers, then sends what was stored meanwhile, once",
    { timeout: 30_000 },
    async () => {
      const sessionId = `chat_relay_${Date.now()}`;
      await createSession(direct.db, sessionId, "r".repeat(64), undefined, "en");
      const before = await append(sessionId, "before the cut");
      const stream = await subscribe(sessionId);
      const console = await subscribe(null);
      try {
        expect(stream.sent).toEqual([before]);
        relay.cut();
        // Refused twice: the listener goes on trying after a failed attempt, not only after a drop.
        await vi.waitFor(() => expect(relay.refused).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 50 });
        const missed = await append(sessionId, "while the listener was away");
        relay.restore();
        await vi.waitFor(() => expect(stream.sent).toEqual([before, missed]), { timeout: 15_000, interval: 50 });
        await vi.waitFor(() => expect(console.sent).toEqual([missed]), { timeout: 5_000, interval: 50 });

        // Listening again: the next event comes by its notification, and none is sent twice.
        const after = await append(sessionId, "after");
        await vi.waitFor(() => expect(stream.sent).toEqual([before, missed, after]), { interval: 20 });
        await vi.waitFor(() => expect(console.sent).toEqual([missed, after]), { interval: 20 });
      } finally {
        stream.close();
        console.close();
      }
    },
  );
});
