import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { AnalysisHistoryItem, AnalysisKind, AnalysisReport, AnalysisResult } from "../../../contracts/analysis.ts";
import type { Database } from "../../db/client.ts";
import { analysisReports } from "../../db/schema.ts";

type Row = typeof analysisReports.$inferSelect;

function toReport(row: Row, cached: boolean): AnalysisReport {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    finalUrl: row.finalUrl,
    status: row.status,
    score: row.score,
    grade: row.grade,
    createdAt: row.createdAt.toISOString(),
    durationMs: row.durationMs,
    cached,
    warnings: row.warnings,
    result: row.result as AnalysisResult,
  };
}

export async function insertReport(db: Database, report: AnalysisReport & { host: string; ipAddress: string | undefined }): Promise<void> {
  await db.insert(analysisReports).values({
    id: report.id,
    kind: report.kind,
    url: report.url,
    host: report.host,
    finalUrl: report.finalUrl,
    status: report.status,
    score: report.score,
    grade: report.grade,
    result: report.result,
    warnings: report.warnings,
    durationMs: report.durationMs,
    ipAddress: report.ipAddress,
    createdAt: new Date(report.createdAt),
  });
}

export async function findReport(db: Database, id: string): Promise<{ report: AnalysisReport; host: string } | null> {
  const [row] = await db.select().from(analysisReports).where(eq(analysisReports.id, id)).limit(1);
  return row ? { report: toReport(row, false), host: row.host } : null;
}

/** The newest run of this kind for this exact URL since `since`, if any. */
export async function findRecentReport(db: Database, kind: AnalysisKind, url: string, since: Date): Promise<AnalysisReport | null> {
  const [row] = await db
    .select()
    .from(analysisReports)
    .where(and(eq(analysisReports.kind, kind), eq(analysisReports.url, url), gte(analysisReports.createdAt, since)))
    .orderBy(desc(analysisReports.createdAt))
    .limit(1);
  return row ? toReport(row, true) : null;
}

export async function listHostHistory(db: Database, host: string, limit = 10): Promise<AnalysisHistoryItem[]> {
  const rows = await db
    .select({ id: analysisReports.id, kind: analysisReports.kind, score: analysisReports.score, grade: analysisReports.grade, createdAt: analysisReports.createdAt })
    .from(analysisReports)
    .where(eq(analysisReports.host, host))
    .orderBy(desc(analysisReports.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Removes reports created before `cutoff`; returns how many went. Safe to run from every instance at once. */
export async function deleteReportsCreatedBefore(db: Database, cutoff: Date): Promise<number> {
  const gone = await db.delete(analysisReports).where(lt(analysisReports.createdAt, cutoff)).returning({ id: analysisReports.id });
  return gone.length;
}
