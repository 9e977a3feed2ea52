import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { paymentTransactions } from "./payments-schema.ts";

// The dashboard's payment figures. Days are UTC days; `now` comes from the caller's clock.

/** Completed mobile-money deposits on `now`'s UTC day and in the 7 days before `now`. */
export async function completedPayments(db: Database, now: Date): Promise<{ today: number; week: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const startOfDay = sql`date_trunc('day', ${at} at time zone 'utc') at time zone 'utc'`;
  const [row] = await db
    .select({
      today: sql<number>`count(*) filter (where ${paymentTransactions.completedAt} >= ${startOfDay})::int`,
      week: sql<number>`count(*) filter (where ${paymentTransactions.completedAt} >= ${at} - interval '7 days')::int`,
    })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.kind, "deposit"),
        eq(paymentTransactions.status, "COMPLETED"),
        gte(paymentTransactions.completedAt, sql`${at} - interval '8 days'`),
      ),
    );
  return { today: row?.today ?? 0, week: row?.week ?? 0 };
}

/** Completed deposits per UTC day over the `days` days ending on `now`'s (days without any are absent). */
export async function paymentsPerDay(db: Database, days: number, now: Date): Promise<Map<string, number>> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ day: string; n: number | string }>(
    db,
    sql`
    select to_char(date_trunc('day', completed_at at time zone 'utc'), 'YYYY-MM-DD') as day, count(*) as n
    from payment_transactions
    where kind = 'deposit' and status = 'COMPLETED'
      and completed_at >= date_trunc('day', ${at} at time zone 'utc') at time zone 'utc' - make_interval(days => ${days - 1})
    group by 1`,
  );
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** Completed deposits of the `days` days ending on `now`'s, summed per currency (exact decimals in SQL). */
export async function paymentTotals(
  db: Database,
  days: number,
  now: Date,
): Promise<{ currency: string; amount: string; count: number }[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ currency: string; amount: string; n: number | string }>(
    db,
    sql`
    select currency, sum(amount::numeric)::text as amount, count(*) as n
    from payment_transactions
    where kind = 'deposit' and status = 'COMPLETED'
      and completed_at >= date_trunc('day', ${at} at time zone 'utc') at time zone 'utc' - make_interval(days => ${days - 1})
    group by currency order by currency`,
  );
  return rows.map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.n) }));
}
