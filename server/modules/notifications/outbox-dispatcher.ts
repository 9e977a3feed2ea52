import type { FastifyBaseLogger } from "fastify";
import type { Mailer } from "../../adapters/mail/mailer.ts";
import type { Database } from "../../db/client.ts";
import { claimDueEmails, markFailedAttempt, markSent } from "./outbox-repository.ts";

export const MAX_EMAIL_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min ... capped at 1 h; null once the attempts are used up. */
export function retryDelayMs(attemptsSoFar: number): number | null {
  if (attemptsSoFar + 1 >= MAX_EMAIL_ATTEMPTS) return null;
  return Math.min(30_000 * 2 ** attemptsSoFar, 3_600_000);
}

export interface OutboxDispatcher {
  /** Sends everything due now; resolves with the number sent. */
  drain(): Promise<number>;
  /** Asks a started dispatcher for a drain now (after a new email is queued). */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Sends queued email through the mailer. Without a mailer (no SMTP_URL) emails stay in the
 * outbox as pending, visible to staff, and go out once SMTP is configured.
 */
export function outboxDispatcher(options: {
  db: Database;
  mailer: Mailer | null;
  from: string;
  intervalMs: number;
  log: FastifyBaseLogger;
}): OutboxDispatcher {
  const { db, mailer, from, intervalMs, log } = options;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;

  async function drainOnce(): Promise<number> {
    if (!mailer) return 0;
    let sent = 0;
    for (;;) {
      const batch = await claimDueEmails(db, 10, 60_000);
      if (batch.length === 0) return sent;
      for (const email of batch) {
        try {
          await mailer.send({
            from,
            to: email.toAddress,
            replyTo: email.replyTo ?? undefined,
            subject: email.subject,
            text: email.textBody,
          });
          await markSent(db, email.id);
          sent += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const retryIn = retryDelayMs(email.attempts);
          log.warn({ emailId: email.id, attempts: email.attempts + 1, err: message }, "email send failed");
          await markFailedAttempt(db, email.id, message, retryIn);
        }
      }
    }
  }

  const drain = () => {
    // One drain at a time per instance; callers share the one in flight.
    running ??= drainOnce().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    drain,
    nudge() {
      // Only a started dispatcher sends on its own; otherwise drain() is called explicitly.
      if (!timer) return;
      drain().catch((error: unknown) => log.error({ err: error }, "outbox drain failed"));
    },
    start() {
      if (!mailer || timer) return;
      timer = setInterval(() => this.nudge(), intervalMs);
      timer.unref();
      this.nudge();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      mailer?.close();
    },
  };
}
