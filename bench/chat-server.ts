// The server side of `npm run bench:chat`: one instance in its own process, so its memory is
// measured without the benchmark's client sockets. Answers "memory" and "streams" over IPC.
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openPglite, openPostgres } from "../server/db/client.ts";
import { databaseRateLimiter } from "../server/lib/rate-limiter.ts";

// BENCH_DATABASE_URL: a PostgreSQL to use; otherwise an in-memory embedded database.
const database = process.env.BENCH_DATABASE_URL ? await openPostgres(process.env.BENCH_DATABASE_URL) : await openPglite(null);
await database.migrate();
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  STATIC_DIR: "/nonexistent",
  PUBLIC_URL: "https://bench.example",
  // The benchmark's clients come from one address; each says who it is, as behind a proxy.
  TRUST_PROXY: "true",
  CHAT_HOURS: "always",
});
const app = await buildApp(config, { database, rateLimiter: databaseRateLimiter(database.db), mailer: null });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send?.({ type: "ready", port: typeof address === "object" && address ? address.port : 0, database: database.kind });
process.on("message", (message: { type: string }) => {
  if (message.type === "memory") {
    global.gc?.();
    process.send?.({ type: "memory", ...process.memoryUsage(), streams: app.chatStreams.size });
  }
  if (message.type === "stop") void app.close().then(() => database.close()).then(() => process.exit(0));
});
