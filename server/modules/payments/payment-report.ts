import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { withinDays, type DayRange } from "../../lib/report-range.ts";

export interface PaymentGroup {
  key: string;
  currency: string;
  count: number;
  completed: number;
  /** Completed amount, exact decimal. */
  amount: string;
}

type Row = { key: string | null; currency: string; n: unknown; completed: unknown; amount: string | null };

/** Deposits started in the range, by country, by wallet provider and by status, each per currency. */
export async function paymentReport(
  db: Database,
  range: DayRange,
): Promise<{ byCountry: PaymentGroup[]; byProvider: PaymentGroup[]; byStatus: PaymentGroup[] }> {
  const grouped = async (column: string) => {
    const rows = await queryRows<Row>(
      db,
      sql`select ${sql.identifier(column)} as key, currency, count(*) as n,
          count(*) filter (where status = 'COMPLETED') as completed,
          coalesce(sum(amount::numeric) filter (where status = 'COMPLETED'), 0)::text as amount
        from payment_transactions
        where kind = 'deposit' and ${withinDays(sql`created_at`, range)}
        group by 1, 2 order by 3 desc, 1, 2`,
    );
    return rows.map((r) => ({
      key: r.key ?? "",
      currency: r.currency,
      count: Number(r.n),
      completed: Number(r.completed),
      amount: r.amount ?? "0",
    }));
  };
  const [byCountry, byProvider, byStatus] = await Promise.all([
    grouped("country"),
    grouped("provider"),
    grouped("status"),
  ]);
  return { byCountry, byProvider, byStatus };
}
