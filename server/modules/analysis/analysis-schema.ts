import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { oneOf } from "#server/db/checks.ts";

/**
 * Website analysis runs (speed, SEO, security). The id is random and unguessable: it is the
 * share link. Recent rows for the same URL are reused instead of fetching the site again.
 */
export const analysisReports = pgTable(
  "analysis_reports",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["speed", "seo", "security"] }).notNull(),
    url: text("url").notNull(),
    host: text("host").notNull(),
    finalUrl: text("final_url").notNull(),
    status: integer("status").notNull(),
    score: integer("score").notNull(),
    grade: text("grade"),
    result: jsonb("result").notNull(),
    warnings: jsonb("warnings").$type<string[]>().notNull(),
    durationMs: integer("duration_ms").notNull(),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analysis_reports_url_idx").on(t.kind, t.url, t.createdAt),
    index("analysis_reports_host_idx").on(t.host, t.createdAt),
    oneOf(t.kind),
  ],
);
