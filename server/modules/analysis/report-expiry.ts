import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { deleteReportsCreatedBefore } from "./analysis-repository.ts";

export const EXPIRY_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes analysis reports older than the retention; returns how many. */
export async function expireReports(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  return deleteReportsCreatedBefore(db, new Date(now.getTime() - retentionDays * DAY_MS));
}

/**
 * Expires old reports on a timer. Every instance runs it: the DELETE is idempotent, so two
 * instances sweeping at once only do the work twice, and no leader election is needed.
 */
export function reportExpiry(options: {
  db: Database;
  retentionDays: number;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const intervalMs = options.intervalMs ?? EXPIRY_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= expireReports(options.db, options.retentionDays)
      .then((count) => {
        if (count > 0)
          options.log.info({ count, retentionDays: options.retentionDays }, "expired old analysis reports");
      })
      .catch((error: unknown) => options.log.warn({ err: error }, "could not expire old analysis reports"))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    sweep,
    start() {
      timer ??= setInterval(() => void sweep(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
