import { asc, or, sql, type SQL } from "drizzle-orm";
import type { PersonMatch } from "#contracts/data-rights.ts";
import type { Database } from "../../db/client.ts";
import { personWhere } from "../../lib/person-match.ts";
import { outboxEmails } from "./notifications-schema.ts";

/** The emails sent to a person: what and when, without bodies (a sign-in email's body is a live link). */
export async function emailRecordsOf(db: Database, person: PersonMatch): Promise<Record<string, unknown>[]> {
  const where = personWhere(person, { email: outboxEmails.toAddress });
  if (!where) return [];
  const rows = await db
    .select({
      kind: outboxEmails.kind,
      subject: outboxEmails.subject,
      status: outboxEmails.status,
      createdAt: outboxEmails.createdAt,
      sentAt: outboxEmails.sentAt,
    })
    .from(outboxEmails)
    .where(where)
    .orderBy(asc(outboxEmails.createdAt));
  return rows;
}

/** Removes the emails sent to a person and the staff notifications that quote their address or phone. */
export async function eraseEmails(db: Database, person: PersonMatch): Promise<number> {
  const conditions: SQL[] = [];
  const to = personWhere(person, { email: outboxEmails.toAddress });
  if (to) conditions.push(to);
  if (person.email) conditions.push(sql`position(${person.email} in lower(${outboxEmails.textBody})) > 0`);
  if (person.phone) conditions.push(sql`position(${person.phone} in ${outboxEmails.textBody}) > 0`);
  if (conditions.length === 0) return 0;
  const rows = await db
    .delete(outboxEmails)
    .where(or(...conditions))
    .returning({ id: outboxEmails.id });
  return rows.length;
}
