import { timingSafeEqual, createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { DatabaseHandle } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";

export interface Metrics {
  registry: Registry;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

interface MetricsOptions {
  database: DatabaseHandle;
  /** A bearer token that opens /metrics on the app's own port; without it that route does not exist. */
  token: string | undefined;
  /** How long a chat visitor may wait for an agent: the queue's waits are measured from its deadline. */
  agentWaitMs: number;
  /** Open server-sent event streams on this instance. */
  openStreams: () => number;
}

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());

/**
 * Prometheus metrics: prom-client's process metrics (CPU, memory, event-loop lag, GC) and ours,
 * request duration by route and status, open event streams, the chat queue, payments by status,
 * the email outbox and the database pool. Figures read from the database are read at scrape time.
 */
export async function registerMetrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const db = options.database.db;

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by method, route (its pattern, not the address) and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: "kts_sse_streams_open",
    help: "Server-sent event streams open on this instance (chat visitors and agent consoles)",
    registers: [registry],
    collect() {
      this.set(options.openStreams());
    },
  });
  new Gauge({
    name: "kts_chat_queue_length",
    help: "Chat visitors waiting for an agent (all instances)",
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from chat_sessions where state = 'waiting'`,
      );
      this.set(row?.count ?? 0);
    },
  });
  new Gauge({
    name: "kts_chat_queue_longest_wait_seconds",
    help: "How long the visitor waiting longest for an agent has waited (all instances)",
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ deadline: string | null }>(
        db,
        sql`select min(wait_deadline)::text as deadline from chat_sessions where state = 'waiting'`,
      );
      const since = row?.deadline ? new Date(row.deadline).getTime() - options.agentWaitMs : null;
      this.set(since === null ? 0 : Math.max(0, (Date.now() - since) / 1000));
    },
  });
  new Gauge({
    name: "kts_payments",
    help: "Payment transactions by status (all instances)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await queryRows<{ status: string; count: number }>(
        db,
        sql`select status, count(*)::int as count from payment_transactions group by status`,
      );
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.count);
    },
  });
  new Gauge({
    name: "kts_outbox_backlog",
    help: "Emails waiting in the outbox to be sent",
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from outbox_emails where status = 'pending'`,
      );
      this.set(row?.count ?? 0);
    },
  });
  new Gauge({
    name: "kts_db_pool_connections",
    help: "This instance's PostgreSQL pool: connections open, idle, and queries waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = options.database.poolStats();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });

  const metrics: Metrics = {
    registry,
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
  app.decorate("metrics", metrics);

  const token = options.token;
  if (token) {
    app.get("/metrics", async (request, reply) => {
      const header = request.headers.authorization ?? "";
      const given = header.startsWith("Bearer ") ? header.slice(7) : "";
      if (!given || !sameSecret(given, token)) {
        return reply.status(401).header("www-authenticate", 'Bearer realm="metrics"').send({ error: "unauthorized" });
      }
      const { contentType, body } = await metrics.render();
      return reply.header("content-type", contentType).header("cache-control", "no-store").send(body);
    });
  }
}

/** /metrics on its own port, on 127.0.0.1 only: reachable from this machine's Prometheus, never from outside. */
export async function listenMetrics(metrics: Metrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => response.writeHead(200, { "content-type": contentType }).end(body),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("metrics failed\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}
