import { sql, type SQL } from "drizzle-orm";

/** A report's dates, both ends inclusive, as YYYY-MM-DD UTC days (validated by the contract). */
export interface DayRange {
  from: string;
  to: string;
}

/** `column` falls on one of the range's UTC days. */
export function withinDays(column: SQL | unknown, range: DayRange): SQL {
  return sql`${column} >= (${range.from}::date)::timestamp at time zone 'utc'
    and ${column} < (${range.to}::date + 1)::timestamp at time zone 'utc'`;
}

/** The range's UTC months (YYYY-MM) as a one-column set `month`, oldest first, for zero-filled series. */
export function monthsOf(range: DayRange): SQL {
  return sql`select to_char(m, 'YYYY-MM') as month
    from generate_series(date_trunc('month', ${range.from}::date), date_trunc('month', ${range.to}::date), interval '1 month') as m`;
}

/** The UTC month (YYYY-MM) a timestamp falls in. */
export function monthOf(column: SQL | unknown): SQL {
  return sql`to_char(${column} at time zone 'utc', 'YYYY-MM')`;
}

export interface OrderTotals {
  currency: string;
  orders: number;
  paid: number;
  /** What the paid ones cost, exact decimal. */
  revenue: string;
}

/**
 * Orders placed in the range per currency, how many were paid, and their paid total. For an order
 * table with `currency`, `amount` (decimal text), `paid_at` and `created_at`; each module passes its own.
 */
export async function orderTotals(
  db: { execute: (query: SQL) => Promise<unknown> },
  table: string,
  range: DayRange,
): Promise<OrderTotals[]> {
  const result = (await db.execute(
    sql`select currency, count(*) as orders, count(paid_at) as paid,
        coalesce(sum(amount::numeric) filter (where paid_at is not null), 0)::text as revenue
      from ${sql.identifier(table)} where ${withinDays(sql`created_at`, range)}
      group by currency order by currency`,
  )) as { rows: { currency: string; orders: unknown; paid: unknown; revenue: string }[] };
  return result.rows.map((r) => ({
    currency: r.currency,
    orders: Number(r.orders),
    paid: Number(r.paid),
    revenue: r.revenue,
  }));
}
