import { afterEach, describe, expect, it } from "vitest";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { listenMetrics } from "./metrics.ts";

const TOKEN = "a-metrics-token-of-enough-length";

for (const backend of databaseBackends()) {
  describe(`metrics (${backend.name})`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    const start = async (env: Record<string, string> = {}) => {
      const { database, cleanup } = await backend.open();
      cleanups.push(cleanup);
      const app = await testApp(database, { env });
      cleanups.push(() => app.close());
      return app;
    };

    it("does not exist on the public port without a token", async () => {
      const app = await start();
      const response = await app.inject({ method: "GET", url: "/metrics" });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("http_request_duration_seconds");
    });

    it("answers on the public port only to the bearer token", async () => {
      const app = await start({ METRICS_TOKEN: TOKEN });
      expect((await app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
      const wrong = await app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);
      await app.inject({ method: "GET", url: "/healthz" });
      const response = await app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/plain/);
      expect(response.body).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1/,
      );
      for (const name of [
        "kts_sse_streams_open 0",
        "kts_chat_queue_length 0",
        "kts_chat_queue_longest_wait_seconds 0",
        "kts_outbox_backlog 0",
        "nodejs_eventloop_lag_seconds",
        "process_resident_memory_bytes",
      ])
        expect(response.body).toContain(name);
      if (backend.name === "postgres") expect(response.body).toMatch(/kts_db_pool_connections\{state="total"\} \d+/);
    });

    it("counts what is in the database: an enquiry's notification waits in the outbox backlog", async () => {
      const app = await start({ METRICS_TOKEN: TOKEN });
      const sent = await app.inject({
        method: "POST",
        url: "/api/contact",
        payload: {
          firstName: "Amina",
          lastName: "Uwase",
          email: "amina@example.test",
          service: "web-development",
          message: "We need a new website for our cooperative in Musanze.",
        },
      });
      expect(sent.statusCode).toBeLessThan(300);
      const response = await app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.body).toMatch(/kts_outbox_backlog [1-9]/);
    });

    it("serves its own port on loopback with /metrics and nothing else", async () => {
      const app = await start();
      const server = await listenMetrics(app.metrics, 0);
      cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("no address");
      expect(address.address).toBe("127.0.0.1");
      const base = `http://127.0.0.1:${address.port}`;
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain("kts_sse_streams_open");
      expect((await fetch(`${base}/`)).status).toBe(404);
    });
  });
}
