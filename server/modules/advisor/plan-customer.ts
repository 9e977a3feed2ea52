import { desc, inArray, sql } from "drizzle-orm";
import type { AccountPlan } from "#contracts/account.ts";
import type { AdvisorAnswers, ProjectStatus } from "#contracts/advisor.ts";
import type { PersonMatch } from "#contracts/data-rights.ts";
import type { Database } from "../../db/client.ts";
import { personWhere } from "../../lib/person-match.ts";
import { advisorProjects, projectNotes } from "./advisor-schema.ts";

/** Tech-stack plans saved with a consultation request from an email address (any case), newest first. */
export async function plansOf(db: Database, email: string): Promise<AccountPlan[]> {
  const rows = await db
    .select()
    .from(advisorProjects)
    .where(sql`lower(${advisorProjects.contactEmail}) = ${email.toLowerCase()}`)
    .orderBy(desc(advisorProjects.createdAt));
  return rows.map((row) => ({
    id: row.id,
    projectType: (row.answers as AdvisorAnswers).projectType,
    status: row.status as ProjectStatus,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A person's saved plans as stored, with staff notes: for a data export. */
export async function planRecordsOf(db: Database, person: PersonMatch): Promise<Record<string, unknown>[]> {
  const where = personWhere(person, { email: advisorProjects.contactEmail });
  if (!where) return [];
  const rows = await db.select().from(advisorProjects).where(where).orderBy(advisorProjects.createdAt);
  if (rows.length === 0) return [];
  const notes = await db
    .select({ projectId: projectNotes.projectId, body: projectNotes.body, createdAt: projectNotes.createdAt })
    .from(projectNotes)
    .where(
      inArray(
        projectNotes.projectId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map(({ assigneeId: _assignee, ...row }) => ({
    ...row,
    notes: notes.filter((n) => n.projectId === row.id).map(({ body, createdAt }) => ({ body, createdAt })),
  }));
}

/**
 * Anonymises a person's saved plans: contact name, address, notes and network address go; the
 * answers (a project's shape, no one's identity) and the recommendation stay.
 */
export async function erasePlans(db: Database, person: PersonMatch): Promise<number> {
  const where = personWhere(person, { email: advisorProjects.contactEmail });
  if (!where) return 0;
  const rows = await db
    .update(advisorProjects)
    .set({ contactName: null, contactEmail: null, contactNotes: null, ipAddress: null })
    .where(where)
    .returning({ id: advisorProjects.id });
  if (rows.length)
    await db.delete(projectNotes).where(
      inArray(
        projectNotes.projectId,
        rows.map((r) => r.id),
      ),
    );
  return rows.length;
}
