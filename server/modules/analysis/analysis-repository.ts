import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { AnalysisHistoryItem, AnalysisKind, AnalysisReport, AnalysisResult } from "#contracts/analysis.ts";
import { defaultLanguage, type Language } from "#contracts/languages.ts";
import type { Database } from "../../db/client.ts";
import { analysisReports } from "./analysis-schema.ts";
import { asLanguage } from "../../lib/i18n.ts";

type Row = typeof analysisReports.$inferSelect;

/**
 * The language a report's words are in rides inside the `result` JSON as `language` (no column
 * for it, so no migration); reports stored before it was there are English. It is taken off
 * again before the report leaves this module.
 */
const reportLanguage = sql<string>`coalesce(${analysisReports.result}->>'language', ${defaultLanguage})`;

function toReport(row: Row, cached: boolean): AnalysisReport {
  const { language: _language, ...result } = row.result as AnalysisResult & { language?: unknown };
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
    result: result as AnalysisResult,
  };
}

export async function insertReport(
  db: Database,
  report: AnalysisReport & { host: string; ipAddress: string | undefined; language?: Language },
): Promise<void> {
  await db.insert(analysisReports).values({
    id: report.id,
    kind: report.kind,
    url: report.url,
    host: report.host,
    finalUrl: report.finalUrl,
    status: report.status,
    score: report.score,
    grade: report.grade,
    result: { ...report.result, language: report.language ?? defaultLanguage },
    warnings: report.warnings,
    durationMs: report.durationMs,
    ipAddress: report.ipAddress,
    createdAt: new Date(report.createdAt),
  });
}

/** A stored report, in the language it was written in (`language`). */
export async function findReport(
  db: Database,
  id: string,
): Promise<{ report: AnalysisReport; host: string; language: Language } | null> {
  const [row] = await db.select().from(analysisReports).where(eq(analysisReports.id, id)).limit(1);
  return row
    ? {
        report: toReport(row, false),
        host: row.host,
        language: asLanguage((row.result as { language?: unknown }).language),
      }
    : null;
}

/** The newest run of this kind for this exact URL, written in `language`, since `since`, if any. */
export async function findRecentReport(
  db: Database,
  kind: AnalysisKind,
  url: string,
  since: Date,
  language: Language,
): Promise<AnalysisReport | null> {
  const [row] = await db
    .select()
    .from(analysisReports)
    .where(
      and(
        eq(analysisReports.kind, kind),
        eq(analysisReports.url, url),
        gte(analysisReports.createdAt, since),
        eq(reportLanguage, language),
      ),
    )
    .orderBy(desc(analysisReports.createdAt))
    .limit(1);
  return row ? toReport(row, true) : null;
}

export async function listHostHistory(db: Database, host: string, limit = 10): Promise<AnalysisHistoryItem[]> {
  const rows = await db
    .select({
      id: analysisReports.id,
      kind: analysisReports.kind,
      score: analysisReports.score,
      grade: analysisReports.grade,
      createdAt: analysisReports.createdAt,
    })
    .from(analysisReports)
    .where(eq(analysisReports.host, host))
    .orderBy(desc(analysisReports.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Removes reports created before `cutoff`; returns how many went. Safe to run from every instance at once. */
export async function deleteReportsCreatedBefore(db: Database, cutoff: Date): Promise<number> {
  const gone = await db
    .delete(analysisReports)
    .where(lt(analysisReports.createdAt, cutoff))
    .returning({ id: analysisReports.id });
  return gone.length;
}
