import { desc, inArray, sql } from "drizzle-orm";
import type { AccountEnquiry } from "#contracts/account.ts";
import type { PersonMatch } from "#contracts/data-rights.ts";
import type { Database } from "../../db/client.ts";
import { ERASED, personWhere } from "../../lib/person-match.ts";
import { contactEnquiries, enquiryNotes } from "./contact-schema.ts";

/** The enquiries sent from an email address (any case), newest first: for the customer's account. */
export async function enquiriesOf(db: Database, email: string): Promise<AccountEnquiry[]> {
  const rows = await db
    .select()
    .from(contactEnquiries)
    .where(sql`lower(${contactEnquiries.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(contactEnquiries.createdAt));
  return rows.map((row) => ({
    id: row.id,
    service: row.service,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A person's enquiries as stored, with the staff notes on them: for a data export. */
export async function enquiryRecordsOf(db: Database, person: PersonMatch): Promise<Record<string, unknown>[]> {
  const where = personWhere(person, { email: contactEnquiries.email });
  if (!where) return [];
  const rows = await db.select().from(contactEnquiries).where(where).orderBy(contactEnquiries.createdAt);
  if (rows.length === 0) return [];
  const notes = await db
    .select({ enquiryId: enquiryNotes.enquiryId, body: enquiryNotes.body, createdAt: enquiryNotes.createdAt })
    .from(enquiryNotes)
    .where(
      inArray(
        enquiryNotes.enquiryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(enquiryNotes.createdAt);
  return rows.map(({ assigneeId: _assignee, ...row }) => ({
    ...row,
    notes: notes.filter((n) => n.enquiryId === row.id).map(({ body, createdAt }) => ({ body, createdAt })),
  }));
}

/**
 * Anonymises a person's enquiries: name, address, message, network details and staff notes go; the
 * service, source, status and dates stay, so the reports still count them. Answers the ids (chats
 * opened from those enquiries belong to the same person).
 */
export async function eraseEnquiries(db: Database, person: PersonMatch): Promise<string[]> {
  const where = personWhere(person, { email: contactEnquiries.email });
  if (!where) return [];
  const rows = await db
    .update(contactEnquiries)
    .set({ firstName: ERASED, lastName: ERASED, email: ERASED, message: ERASED, ipAddress: null, userAgent: null })
    .where(where)
    .returning({ id: contactEnquiries.id });
  const ids = rows.map((r) => r.id);
  if (ids.length) await db.delete(enquiryNotes).where(inArray(enquiryNotes.enquiryId, ids));
  return ids;
}
