import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { outboxEmails } from "./notifications-schema.ts";

export interface QueuedEmail {
  kind: string;
  toAddress: string;
  replyTo?: string | undefined;
  subject: string;
  textBody: string;
}

export type OutboxRow = typeof outboxEmails.$inferSelect;

/** Inserts an email to send; call inside the transaction that stores what it announces. */
export async function enqueueEmail(db: Database, email: QueuedEmail): Promise<string> {
  const id = randomUUID();
  await db.insert(outboxEmails).values({ id, ...email });
  return id;
}

/**
 * Claims due emails for one dispatcher. The lease (locked_until) keeps two instances from
 * sending the same email; a crashed dispatcher's lease simply runs out.
 */
export async function claimDueEmails(db: Database, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const claimed = await queryRows<{ id: string }>(
    db,
    sql`
    update outbox_emails set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from outbox_emails
      where status = 'pending' and next_attempt_at <= now()
        and (locked_until is null or locked_until <= now())
      order by created_at
      limit ${limit}
      for update skip locked
    )
    returning id`,
  );
  const ids = claimed.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(outboxEmails)
    .where(sql`${outboxEmails.id} in ${ids}`)
    .orderBy(outboxEmails.createdAt);
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, attempts: sql`${outboxEmails.attempts} + 1` })
    .where(eq(outboxEmails.id, id));
}

export async function markFailedAttempt(
  db: Database,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(outboxEmails)
    .set({
      status: retryInMs === null ? "failed" : "pending",
      attempts: sql`${outboxEmails.attempts} + 1`,
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${(retryInMs ?? 0) / 1000})`,
    })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, "pending")));
}
