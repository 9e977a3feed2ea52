import { count, desc, eq, and } from "drizzle-orm";
import type { AuditEntry } from "#contracts/admin.ts";
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

export interface AuditActor {
  id: string | null;
  username: string | null;
}

export interface AuditRecord {
  actor: AuditActor;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ipAddress?: string;
}

/** Appends one staff action to the audit log (call inside the action's transaction when there is one). */
export async function recordAudit(db: Database, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: record.actor.id,
    actorUsername: record.actor.username,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    details: record.details ?? null,
    ipAddress: record.ipAddress ?? null,
  });
}

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: String(row.id),
    actor: row.actorUsername,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details ?? null,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAudit(
  db: Database,
  page: number,
  pageSize: number,
): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { items: rows.map(toEntry), total: totals?.total ?? 0 };
}

/** The history of one thing (an enquiry, a staff account), oldest first. */
export async function auditHistory(db: Database, targetType: string, targetId: string): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.id);
  return rows.map(toEntry);
}

/**
 * The status and assignee changes of a pipeline record (an enquiry, a saved plan): each real
 * change is recorded in its history, and the columns to update are returned.
 */
export async function auditPipelineChanges<Status extends string>(
  db: Database,
  record: { targetType: string; targetId: string; current: { status: Status; assigneeId: string | null } },
  changes: { status?: Status | undefined; assigneeId?: string | null | undefined },
  actor: AuditActor,
  ipAddress: string,
): Promise<{ status?: Status; assigneeId?: string | null }> {
  const { targetType, targetId, current } = record;
  const set: { status?: Status; assigneeId?: string | null } = {};
  if (changes.status !== undefined && changes.status !== current.status) {
    set.status = changes.status;
    await recordAudit(db, {
      actor,
      action: `${targetType}.status_changed`,
      targetType,
      targetId,
      details: { from: current.status, to: changes.status },
      ipAddress,
    });
  }
  if (changes.assigneeId !== undefined && changes.assigneeId !== current.assigneeId) {
    set.assigneeId = changes.assigneeId;
    await recordAudit(db, {
      actor,
      action: `${targetType}.assigned`,
      targetType,
      targetId,
      details: { from: current.assigneeId, to: changes.assigneeId },
      ipAddress,
    });
  }
  return set;
}
