import { count, desc, eq, and } from "drizzle-orm";
import type { AuditEntry } from "../../../contracts/admin.ts";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";

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

export async function listAudit(db: Database, page: number, pageSize: number): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(pageSize).offset((page - 1) * pageSize),
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
