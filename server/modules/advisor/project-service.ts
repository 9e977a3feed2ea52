import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { ProjectDetail, ProjectListQuery, ProjectSummary, UpdateProject } from "#contracts/advisor-admin.ts";
import type { AdvisorAnswers, ConsultationRequest, Recommendation, SavedProject } from "#contracts/advisor.ts";
import { serviceCategories } from "#content/services.ts";
import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema.ts";
import { advisorProjects, projectNotes } from "./advisor-schema.ts";
import { serverT } from "../../lib/i18n.ts";
import { auditHistory, auditPipelineChanges, recordAudit, type AuditActor } from "../../lib/audit.ts";
import { submitEnquiry } from "../contact/index.ts";
import { recommend } from "./advisor-engine.ts";

type ProjectRow = typeof advisorProjects.$inferSelect;

/** 128 random bits: the share link is the only key to a plan, so it must not be guessable. */
const newProjectId = () => randomBytes(16).toString("base64url");

function toSaved(row: ProjectRow): SavedProject {
  return {
    id: row.id,
    answers: row.answers as AdvisorAnswers,
    recommendations: row.recommendations as Recommendation[],
    consultationRequested: row.consultationRequestedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function saveProject(db: Database, answers: AdvisorAnswers, ipAddress: string): Promise<SavedProject> {
  const { recommendations } = recommend(answers);
  const [row] = await db
    .insert(advisorProjects)
    .values({ id: newProjectId(), answers, recommendations, ipAddress })
    .returning();
  return toSaved(row!);
}

export async function findProject(db: Database, id: string): Promise<SavedProject | null> {
  const [row] = await db.select().from(advisorProjects).where(eq(advisorProjects.id, id));
  return row ? toSaved(row) : null;
}

/**
 * The visitor asks for a consultation: the plan gets a contact and becomes a lead in the enquiries
 * inbox (with its notification email), all in one transaction.
 */
export async function requestConsultation(
  db: Database,
  id: string,
  request: ConsultationRequest,
  context: { ipAddress: string; userAgent: string | undefined; publicUrl: string; notifyTo: string },
): Promise<{ enquiryId: string } | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [row] = await tx.select().from(advisorProjects).where(eq(advisorProjects.id, id)).for("update");
    if (!row) return null;
    const answers = row.answers as AdvisorAnswers;
    const top = (row.recommendations as Recommendation[])[0];
    const topCategory = top?.services[0]?.category;
    // Read by staff in the admin inbox: English, whatever the visitor's language.
    const message = serverT("enquiryMessage", {
      ns: "advisor",
      lng: "en",
      url: `${context.publicUrl}/admin/project/${row.id}`,
      projectType: answers.projectType,
      audience: answers.audience,
      budget: answers.budget,
      currency: answers.currency,
      timeline: answers.timeline,
      stack: top?.name ?? "-",
      score: top?.fitScore ?? 0,
      notes: request.notes || serverT("noNotes", { ns: "advisor", lng: "en" }),
    });
    const enquiry = await submitEnquiry(
      tx,
      {
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        service: serviceIdFor(topCategory),
        message,
      },
      { ipAddress: context.ipAddress, userAgent: context.userAgent, source: "advisor" },
      context.notifyTo,
    );
    await tx
      .update(advisorProjects)
      .set({
        contactName: `${request.firstName} ${request.lastName}`,
        contactEmail: request.email,
        contactNotes: request.notes ?? null,
        consultationRequestedAt: new Date(),
        enquiryId: enquiry.id,
        updatedAt: new Date(),
      })
      .where(eq(advisorProjects.id, id));
    return { enquiryId: enquiry.id };
  });
}

/** The inbox files the lead under the service category of the plan's main service. */
function serviceIdFor(categoryTitle: string | undefined): string {
  return serviceCategories.find((c) => c.title === categoryTitle)?.id ?? "web-development";
}

/* ---------------------------------------------------------------- Staff side */

const summaryColumns = {
  row: advisorProjects,
  assigneeName: staffUsers.displayName,
};

function toSummary(row: ProjectRow, assigneeName: string | null): ProjectSummary {
  const top = (row.recommendations as Recommendation[])[0];
  return {
    id: row.id,
    projectType: (row.answers as AdvisorAnswers).projectType,
    topStack: top?.name ?? "",
    fitScore: top?.fitScore ?? 0,
    status: row.status,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    assignee: row.assigneeId ? { id: row.assigneeId, displayName: assigneeName ?? "" } : null,
    consultationRequestedAt: row.consultationRequestedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listProjects(
  db: Database,
  query: ProjectListQuery,
): Promise<{ items: ProjectSummary[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(advisorProjects.status, query.status));
  if (query.leads === "true") conditions.push(isNotNull(advisorProjects.consultationRequestedAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(advisorProjects)
      .leftJoin(staffUsers, eq(staffUsers.id, advisorProjects.assigneeId))
      .where(where)
      .orderBy(desc(advisorProjects.createdAt), desc(advisorProjects.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(advisorProjects).where(where),
  ]);
  return { items: rows.map((r) => toSummary(r.row, r.assigneeName)), total: totals?.total ?? 0 };
}

export async function projectDetail(db: Database, id: string): Promise<ProjectDetail | null> {
  const [found] = await db
    .select(summaryColumns)
    .from(advisorProjects)
    .leftJoin(staffUsers, eq(staffUsers.id, advisorProjects.assigneeId))
    .where(eq(advisorProjects.id, id));
  if (!found) return null;
  const notes = await db
    .select({
      id: projectNotes.id,
      body: projectNotes.body,
      createdAt: projectNotes.createdAt,
      authorId: staffUsers.id,
      authorName: staffUsers.displayName,
    })
    .from(projectNotes)
    .leftJoin(staffUsers, eq(staffUsers.id, projectNotes.authorId))
    .where(eq(projectNotes.projectId, id))
    .orderBy(projectNotes.createdAt);
  const history = await auditHistory(db, "project", id);
  return {
    ...toSummary(found.row, found.assigneeName),
    answers: found.row.answers as AdvisorAnswers,
    recommendations: found.row.recommendations as Recommendation[],
    contactNotes: found.row.contactNotes,
    enquiryId: found.row.enquiryId,
    updatedAt: found.row.updatedAt.toISOString(),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
      author: n.authorId ? { id: n.authorId, displayName: n.authorName ?? "" } : null,
    })),
    history: history.map((h) => ({
      id: h.id,
      actor: h.actor,
      action: h.action,
      details: h.details,
      createdAt: h.createdAt,
    })),
  };
}

export async function updateProject(
  db: Database,
  id: string,
  changes: UpdateProject,
  actor: AuditActor,
  ipAddress: string,
): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [current] = await tx.select().from(advisorProjects).where(eq(advisorProjects.id, id)).for("update");
    if (!current) return false;
    const set = await auditPipelineChanges(
      tx,
      { targetType: "project", targetId: id, current },
      changes,
      actor,
      ipAddress,
    );
    await tx
      .update(advisorProjects)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(advisorProjects.id, id));
    return true;
  });
}

export async function addProjectNote(
  db: Database,
  id: string,
  body: string,
  actor: AuditActor & { id: string },
  ipAddress: string,
): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [exists] = await tx
      .select({ id: advisorProjects.id })
      .from(advisorProjects)
      .where(eq(advisorProjects.id, id));
    if (!exists) return false;
    const noteId = randomUUID();
    await tx.insert(projectNotes).values({ id: noteId, projectId: id, authorId: actor.id, body });
    await tx.update(advisorProjects).set({ updatedAt: new Date() }).where(eq(advisorProjects.id, id));
    await recordAudit(tx, {
      actor,
      action: "project.note_added",
      targetType: "project",
      targetId: id,
      details: { noteId },
      ipAddress,
    });
    return true;
  });
}
