import net from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../support/databases.ts";
import { testApp } from "../../support/test-app.ts";

/** Finding 8 of issue 16: half-sent requests were held open indefinitely. */
describe("a client that never finishes its request is cut off", () => {
  const [backend] = databaseBackends();
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let port = 0;

  beforeAll(async () => {
    const opened = await backend!.open();
    cleanup = opened.cleanup;
    app = await testApp(opened.database, { env: { REQUEST_TIMEOUT_MS: "1000" } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  /** Sends `text`, never the rest; resolves with what came back and how long the server waited. */
  const halfSend = (text: string) =>
    new Promise<{ answer: string; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
      let answer = "";
      socket.on("data", (chunk) => (answer += String(chunk)));
      socket.on("close", () => resolve({ answer, ms: performance.now() - started }));
      socket.on("error", reject);
      setTimeout(() => {
        socket.destroy();
        reject(new Error("the server held the half-sent request open"));
      }, 8000).unref();
    });

  it("cuts off a request whose headers never end", async () => {
    const { answer, ms } = await halfSend("GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n");
    expect(ms).toBeLessThan(6000);
    expect(answer === "" || answer.startsWith("HTTP/1.1 408")).toBe(true);
  });

  it("cuts off a request whose body never arrives", async () => {
    const { answer, ms } = await halfSend(
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"firstName":',
    );
    expect(ms).toBeLessThan(6000);
    expect(answer === "" || answer.startsWith("HTTP/1.1 408")).toBe(true);
  });
});
