import { Redis } from "ioredis";
import { smtpMailer } from "./adapters/mail/mailer.ts";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase, schemaProblem } from "./db/client.ts";
import { ensureFirstAdmin } from "./modules/admin/index.ts";
import { listenMetrics } from "./modules/metrics/index.ts";
import { databaseRateLimiter, redisRateLimiter } from "./lib/rate-limiter.ts";

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** config -> database -> app -> listen; SIGTERM/SIGINT finish in-flight requests, then exit. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // A release must not write to a schema a newer one has migrated (nor, when migrations are their
  // own step, to one it has not migrated yet).
  const problem = schemaProblem(await database.schemaStatus(), config.migrateOnStart);
  if (problem) {
    console.error(`Not starting: ${problem}.`);
    await database.close();
    process.exit(1);
  }
  if (config.migrateOnStart) await database.migrate();
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const rateLimiter = redis ? redisRateLimiter(redis) : databaseRateLimiter(database.db);
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl) : null;

  const app = await buildApp(config, { database, rateLimiter, mailer });
  database.onError((error, source) => app.log.error({ err: error, source }, "database connection error"));
  await ensureFirstAdmin(database.db, config.bootstrapAdmin, app.log, config.dataDir);
  app.log.info(
    { database: database.kind, rateLimits: redis ? "redis" : "database", email: mailer ? "smtp" : "outbox only" },
    "starting",
  );
  await app.listen({ port: config.port, host: config.host });
  // A parent that started this server with an IPC channel (the browser tests) learns that the port is
  // this process's, not another server's that took it first. Under systemd there is no channel.
  process.send?.({ type: "listening" });
  const metricsServer = config.metrics.port ? await listenMetrics(app.metrics, config.metrics.port) : null;
  app.outbox.start();
  const sweep = setInterval(() => {
    rateLimiter.sweep().catch((error: unknown) => app.log.warn({ err: error }, "rate limit sweep failed"));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    clearInterval(sweep);
    metricsServer?.close();
    // Node closes the connections idle at close() once; a proxy's keep-alive connection that was busy
    // then goes idle a moment later and would be reused for ever. Close each as soon as it is idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 200);
    idle.unref();
    try {
      await app.close();
      redis?.disconnect();
      await database.close();
      app.log.info("stopped");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
