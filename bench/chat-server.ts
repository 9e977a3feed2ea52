// The server side of `npm run bench:chat`: one instance in its own process, so its memory is
// measured without the benchmark's client sockets. Answers "memory" and "work" (database round
// trips, CPU time and event-loop delay so far) over IPC.
// BENCH_INSTANCE_DATABASE_URL: a PostgreSQL database bench/chat.ts has made and migrated (shared by
// every instance); otherwise an in-memory embedded database. BENCH_REDIS_URL: rate-limit counters in
// Redis, as production keeps them with several instances; otherwise in the database.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Redis } from "ioredis";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openPglite, openPostgres } from "#server/db/client.ts";
import { databaseRateLimiter, redisRateLimiter } from "#server/lib/rate-limiter.ts";

// Round trips to PostgreSQL (every statement, BEGIN and COMMIT included), counted for the figures.
let queries = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const databaseUrl = process.env.BENCH_INSTANCE_DATABASE_URL;
const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(null);
if (!databaseUrl) await database.migrate();
const redis = process.env.BENCH_REDIS_URL ? new Redis(process.env.BENCH_REDIS_URL) : null;
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  STATIC_DIR: "/nonexistent",
  PUBLIC_URL: "https://bench.example",
  // The benchmark's clients come from one address; each says who it is, as behind a proxy.
  TRUST_PROXY: "loopback",
  CHAT_HOURS: "always",
});
const rateLimiter = redis
  ? redisRateLimiter(redis, `rl:bench-chat-${process.ppid}:`)
  : databaseRateLimiter(database.db);
const app = await buildApp(config, { database, rateLimiter, mailer: null });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send?.({
  type: "ready",
  port: typeof address === "object" && address ? address.port : 0,
  database: database.kind,
  rateLimits: redis ? "redis" : "database",
});
// How long a ready callback waits for the event loop, reset at each "work" (the fan-out's bounds).
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
process.on("message", (message: { type: string }) => {
  if (message.type === "memory") {
    global.gc?.();
    process.send?.({ type: "memory", ...process.memoryUsage(), streams: app.chatStreams.size });
  }
  if (message.type === "work") {
    const cpu = process.cpuUsage();
    process.send?.({
      type: "work",
      queries,
      cpuMs: (cpu.user + cpu.system) / 1000,
      loopP99Ms: loopDelay.percentile(99) / 1e6,
      loopMaxMs: loopDelay.max / 1e6,
    });
    loopDelay.reset();
  }
  if (message.type === "stop") {
    void app
      .close()
      .then(() => database.close())
      .then(() => redis?.disconnect())
      .then(() => process.exit(0));
  }
});
