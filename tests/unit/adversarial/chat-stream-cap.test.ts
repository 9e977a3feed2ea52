import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamCap } from "#server/modules/chat/stream-cap.ts";
import { databaseBackends } from "../../support/databases.ts";
import { openTestStream, type TestStream } from "../../support/sse-client.ts";
import { testApp } from "../../support/test-app.ts";

describe("the per-address count of open chat streams", () => {
  it("admits up to the cap, refuses past it, and frees a place once per release", () => {
    const cap = streamCap(2);
    const first = cap.acquire("198.51.100.1");
    const second = cap.acquire("198.51.100.1");
    expect(first && second).toBeTruthy();
    expect(cap.acquire("198.51.100.1")).toBeNull();
    // Another address has its own count.
    expect(cap.acquire("198.51.100.2")).toBeTruthy();
    first!();
    first!(); // a second call of the same release frees nothing more
    expect(cap.openFor("198.51.100.1")).toBe(1);
    const third = cap.acquire("198.51.100.1");
    expect(third).toBeTruthy();
    expect(cap.acquire("198.51.100.1")).toBeNull();
    second!();
    third!();
    expect(cap.openFor("198.51.100.1")).toBe(0);
  });
});

/** Finding 8 of issue 16, second half: one address could keep any number of chat streams open. */
describe("an address cannot hold more chat streams open than the cap", () => {
  const [backend] = databaseBackends();
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let base = "";
  const opened: TestStream[] = [];
  let session = 0;
  // One trusted hop (the test itself, standing in for the proxy): the address is X-Forwarded-For's last entry.
  const from = (address: string, extra: Record<string, string> = {}) => ({ "x-forwarded-for": address, ...extra });
  const url = () => `${base}/api/ai-chat/stream?sessionId=chat_${1_700_000_000_000 + ++session}`;
  const open = async (address: string) => {
    const stream = await openTestStream(url(), from(address));
    opened.push(stream);
    return stream;
  };

  beforeAll(async () => {
    const db = await backend!.open();
    cleanup = db.cleanup;
    app = await testApp(db.database, { env: { CHAT_STREAMS_PER_ADDRESS: "3", TRUST_PROXY: "1" } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await app.close();
    await cleanup();
  });

  it("answers 429 with a clear message past the cap, counts each address apart, and frees a place on close", async () => {
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await open("203.0.113.7"));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    await Promise.all(streams.map((s) => s.waitFor((e) => e.event === "session")));

    const refused = await fetch(url(), { headers: from("203.0.113.7", { accept: "text/event-stream" }) });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe("too_many_streams");
    expect(body.message).toBe(
      "Too many chat windows are open from your connection (3 at most). Close one and try again.",
    );

    // The message is in the visitor's language.
    const french = await fetch(url(), {
      headers: from("203.0.113.7", { accept: "text/event-stream", "accept-language": "fr" }),
    });
    expect(french.status).toBe(429);
    expect(((await french.json()) as { message: string }).message).toMatch(/fenêtres de discussion.*3 au maximum/);

    // Another address is not affected.
    const other = await open("203.0.113.8");
    expect(other.status).toBe(200);

    // Closing one stream gives its place back (once the server sees the socket close).
    streams[0]!.close();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const retry = await openTestStream(url(), from("203.0.113.7"));
      status = retry.status;
      if (status === 200) opened.push(retry);
      else retry.close();
    }
    expect(status).toBe(200);
    const again = await fetch(url(), { headers: from("203.0.113.7", { accept: "text/event-stream" }) });
    expect(again.status).toBe(429);
  });

  it("frees the place of a stream refused for bad input", async () => {
    for (let i = 0; i < 5; i++) {
      const bad = await fetch(`${base}/api/ai-chat/stream?sessionId=bad%20id`, { headers: from("203.0.113.9") });
      expect(bad.status).toBe(400);
    }
    const streams = [await open("203.0.113.9"), await open("203.0.113.9"), await open("203.0.113.9")];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
  });
});
