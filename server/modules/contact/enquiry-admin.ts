import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { EnquiryDetail, EnquiryListQuery, EnquiryNote, EnquirySummary, UpdateEnquiry } from "#contracts/admin.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { staffUsers } from "../../db/schema.ts";
import { contactEnquiries, enquiryNotes } from "./contact-schema.ts";
import { auditHistory, auditPipelineChanges, recordAudit, type AuditActor } from "../../lib/audit.ts";

export type EnquiryFilters = Pick<EnquiryListQuery, "q" | "service" | "status">;

function whereClause(filters: EnquiryFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(contactEnquiries.status, filters.status));
  if (filters.service) conditions.push(eq(contactEnquiries.service, filters.service));
  if (filters.q) {
    // Escape LIKE wildcards so a search for "50%" means the text "50%".
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(contactEnquiries.firstName, pattern),
      ilike(contactEnquiries.lastName, pattern),
      ilike(contactEnquiries.email, pattern),
      ilike(contactEnquiries.message, pattern),
      ilike(sql`${contactEnquiries.firstName} || ' ' || ${contactEnquiries.lastName}`, pattern),
    );
    if (match) conditions.push(match);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const summaryColumns = {
  id: contactEnquiries.id,
  firstName: contactEnquiries.firstName,
  lastName: contactEnquiries.lastName,
  email: contactEnquiries.email,
  service: contactEnquiries.service,
  status: contactEnquiries.status,
  message: contactEnquiries.message,
  createdAt: contactEnquiries.createdAt,
  assigneeId: staffUsers.id,
  assigneeName: staffUsers.displayName,
};

type SummaryRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  service: string;
  status: EnquirySummary["status"];
  message: string;
  createdAt: Date;
  assigneeId: string | null;
  assigneeName: string | null;
};

function toSummary(row: SummaryRow): EnquirySummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    service: row.service,
    status: row.status,
    assignee: row.assigneeId ? { id: row.assigneeId, displayName: row.assigneeName ?? "" } : null,
    excerpt: row.message.length > 160 ? `${row.message.slice(0, 157)}...` : row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEnquiryPage(
  db: Database,
  query: EnquiryListQuery,
): Promise<{ items: EnquirySummary[]; total: number }> {
  const where = whereClause(query);
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(contactEnquiries)
      .leftJoin(staffUsers, eq(staffUsers.id, contactEnquiries.assigneeId))
      .where(where)
      .orderBy(desc(contactEnquiries.createdAt), desc(contactEnquiries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(contactEnquiries).where(where),
  ]);
  return { items: rows.map(toSummary), total: totals?.total ?? 0 };
}

/** Every enquiry matching the filters, newest first (for CSV export), in pages of 500. */
export async function* allEnquiries(db: Database, filters: EnquiryFilters) {
  const where = whereClause(filters);
  for (let offset = 0; ; offset += 500) {
    const rows = await db
      .select({ ...summaryColumns, updatedAt: contactEnquiries.updatedAt })
      .from(contactEnquiries)
      .leftJoin(staffUsers, eq(staffUsers.id, contactEnquiries.assigneeId))
      .where(where)
      .orderBy(desc(contactEnquiries.createdAt), desc(contactEnquiries.id))
      .limit(500)
      .offset(offset);
    yield* rows;
    if (rows.length < 500) return;
  }
}

export async function getEnquiryDetail(db: Database, id: string): Promise<EnquiryDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      ipAddress: contactEnquiries.ipAddress,
      userAgent: contactEnquiries.userAgent,
      updatedAt: contactEnquiries.updatedAt,
    })
    .from(contactEnquiries)
    .leftJoin(staffUsers, eq(staffUsers.id, contactEnquiries.assigneeId))
    .where(eq(contactEnquiries.id, id));
  if (!row) return null;
  const notes = await db
    .select({
      id: enquiryNotes.id,
      body: enquiryNotes.body,
      createdAt: enquiryNotes.createdAt,
      authorId: staffUsers.id,
      authorName: staffUsers.displayName,
    })
    .from(enquiryNotes)
    .leftJoin(staffUsers, eq(staffUsers.id, enquiryNotes.authorId))
    .where(eq(enquiryNotes.enquiryId, id))
    .orderBy(enquiryNotes.createdAt);
  const { excerpt: _excerpt, ...summary } = toSummary(row);
  return {
    ...summary,
    message: row.message,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    updatedAt: row.updatedAt.toISOString(),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
      author: n.authorId ? { id: n.authorId, displayName: n.authorName ?? "" } : null,
    })),
    history: await auditHistory(db, "enquiry", id),
  };
}

/** Changes status and/or assignee, recording each change in the enquiry's history. Null if no such enquiry. */
export async function updateEnquiry(
  db: Database,
  id: string,
  changes: UpdateEnquiry,
  actor: AuditActor,
  ipAddress: string,
): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [current] = await tx.select().from(contactEnquiries).where(eq(contactEnquiries.id, id)).for("update");
    if (!current) return false;
    const set = await auditPipelineChanges(
      tx,
      { targetType: "enquiry", targetId: id, current },
      changes,
      actor,
      ipAddress,
    );
    await tx
      .update(contactEnquiries)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(contactEnquiries.id, id));
    return true;
  });
}

export async function addEnquiryNote(
  db: Database,
  enquiryId: string,
  body: string,
  actor: AuditActor & { id: string },
  ipAddress: string,
): Promise<EnquiryNote | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [exists] = await tx
      .select({ id: contactEnquiries.id })
      .from(contactEnquiries)
      .where(eq(contactEnquiries.id, enquiryId));
    if (!exists) return null;
    const [note] = await tx
      .insert(enquiryNotes)
      .values({ id: randomUUID(), enquiryId, authorId: actor.id, body })
      .returning();
    await tx.update(contactEnquiries).set({ updatedAt: new Date() }).where(eq(contactEnquiries.id, enquiryId));
    await recordAudit(tx, {
      actor,
      action: "enquiry.note_added",
      targetType: "enquiry",
      targetId: enquiryId,
      details: { noteId: note!.id },
      ipAddress,
    });
    const [author] = await tx
      .select({ displayName: staffUsers.displayName })
      .from(staffUsers)
      .where(eq(staffUsers.id, actor.id));
    return {
      id: note!.id,
      body: note!.body,
      createdAt: note!.createdAt.toISOString(),
      author: { id: actor.id, displayName: author?.displayName ?? "" },
    };
  });
}

/** Counts for the overview: new on `now`'s UTC day, new in the 7 days before `now`, not yet won or lost. */
export async function enquiryCounts(db: Database, now: Date): Promise<{ today: number; week: number; open: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const startOfDay = sql`date_trunc('day', ${at} at time zone 'utc') at time zone 'utc'`;
  const [row] = await db
    .select({
      today: sql<number>`count(*) filter (where ${contactEnquiries.createdAt} >= ${startOfDay})::int`,
      week: sql<number>`count(*) filter (where ${contactEnquiries.createdAt} >= ${at} - interval '7 days')::int`,
      open: sql<number>`count(*) filter (where ${contactEnquiries.status} not in ('won', 'lost'))::int`,
    })
    .from(contactEnquiries);
  return { today: row?.today ?? 0, week: row?.week ?? 0, open: row?.open ?? 0 };
}

/** New enquiries per UTC day for the `days` days ending on `now`'s, oldest first, zero-filled. */
export async function enquiriesPerDay(
  db: Database,
  days: number,
  now: Date,
): Promise<{ date: string; count: number }[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ day: string; n: number | string }>(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, count(e.id) as n
    from generate_series(
      date_trunc('day', ${at} at time zone 'utc') - make_interval(days => ${days - 1}),
      date_trunc('day', ${at} at time zone 'utc'),
      interval '1 day') as d(day)
    left join contact_enquiries e
      on (e.created_at at time zone 'utc') >= d.day and (e.created_at at time zone 'utc') < d.day + interval '1 day'
    group by d.day order by d.day`,
  );
  return rows.map((r) => ({ date: r.day, count: Number(r.n) }));
}
