// The server side of `npm run bench:chat`: one instance in its own process, so its memory is
// measured without the benchmark's client sockets. Answers "memory" and "streams" over IPC.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openPglite, openPostgres } from "#server/db/client.ts";
import { databaseRateLimiter } from "#server/lib/rate-limiter.ts";

// BENCH_DATABASE_URL: a PostgreSQL server on which a throwaway database is created (and dropped
// afterwards); otherwise an in-memory embedded database.
const adminUrl = process.env.BENCH_DATABASE_URL;
const benchDb = `bench_chat_${randomBytes(4).toString("hex")}`;
async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}
let database;
if (adminUrl) {
  await adminQuery(`create database ${benchDb}`);
  const url = new URL(adminUrl);
  url.pathname = `/${benchDb}`;
  database = await openPostgres(url.toString());
} else {
  database = await openPglite(null);
}
await database.migrate();
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  STATIC_DIR: "/nonexistent",
  PUBLIC_URL: "https://bench.example",
  // The benchmark's clients come from one address; each says who it is, as behind a proxy.
  TRUST_PROXY: "loopback",
  CHAT_HOURS: "always",
});
const app = await buildApp(config, { database, rateLimiter: databaseRateLimiter(database.db), mailer: null });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.send?.({
  type: "ready",
  port: typeof address === "object" && address ? address.port : 0,
  database: database.kind,
});
process.on("message", (message: { type: string }) => {
  if (message.type === "memory") {
    global.gc?.();
    process.send?.({ type: "memory", ...process.memoryUsage(), streams: app.chatStreams.size });
  }
  if (message.type === "stop") {
    void app
      .close()
      .then(() => database.close())
      .then(() => (adminUrl ? adminQuery(`drop database if exists ${benchDb} with (force)`) : undefined))
      .then(() => process.exit(0));
  }
});
