import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { monthOf, monthsOf, withinDays, type DayRange } from "../../lib/report-range.ts";

export interface WonCount {
  key: string;
  total: number;
  won: number;
}

type Row = { key: string; total: number | string; won: number | string };
const counts = (rows: Row[]): WonCount[] =>
  rows.map((r) => ({ key: r.key, total: Number(r.total), won: Number(r.won) }));

/** Enquiries received in the range by service, by source and by month, each with how many were won. */
export async function enquiryReport(
  db: Database,
  range: DayRange,
): Promise<{ byService: WonCount[]; bySource: WonCount[]; byMonth: WonCount[] }> {
  const inRange = withinDays(sql`created_at`, range);
  const grouped = (column: string) =>
    queryRows<Row>(
      db,
      sql`select ${sql.identifier(column)} as key, count(*) as total, count(*) filter (where status = 'won') as won
        from contact_enquiries where ${inRange} group by 1 order by 2 desc, 1`,
    );
  const [byService, bySource, byMonth] = await Promise.all([
    grouped("service"),
    grouped("source"),
    queryRows<Row>(
      db,
      sql`select months.month as key, count(e.id) as total, count(e.id) filter (where e.status = 'won') as won
        from (${monthsOf(range)}) as months
        left join (select id, status, ${monthOf(sql`created_at`)} as month from contact_enquiries where ${inRange}) as e
          on e.month = months.month
        group by 1 order by 1`,
    ),
  ]);
  return { byService: counts(byService), bySource: counts(bySource), byMonth: counts(byMonth) };
}
