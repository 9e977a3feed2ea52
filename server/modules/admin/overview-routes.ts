import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Overview } from "../../../contracts/admin.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { chatSessions, domainOrders, paymentTransactions, vpsOrders } from "../../db/schema.ts";
import { enquiriesPerDay, enquiryCounts } from "../contact/enquiry-admin.ts";

const DAYS = 30;

/** Chats a person is in or waiting for. */
async function openChats(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chatSessions).where(inArray(chatSessions.state, ["waiting", "agent"]));
  return row?.n ?? 0;
}

/** Completed mobile-money deposits today (UTC) and in the last 7 days. */
async function completedPayments(db: Database): Promise<{ today: number; week: number }> {
  const startOfDay = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;
  const [row] = await db
    .select({
      today: sql<number>`count(*) filter (where ${paymentTransactions.completedAt} >= ${startOfDay})::int`,
      week: sql<number>`count(*) filter (where ${paymentTransactions.completedAt} >= now() - interval '7 days')::int`,
    })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.kind, "deposit"), eq(paymentTransactions.status, "COMPLETED"), gte(paymentTransactions.completedAt, sql`now() - interval '8 days'`)));
  return { today: row?.today ?? 0, week: row?.week ?? 0 };
}

/** Paid orders that staff still have to fulfil: servers to set up, names to register or refund. */
async function pendingOrders(db: Database): Promise<number> {
  const [[vps], [domains]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(vpsOrders).where(inArray(vpsOrders.status, ["paid", "provisioning"])),
    db.select({ n: sql<number>`count(*)::int` }).from(domainOrders).where(inArray(domainOrders.status, ["paid", "needs_refund"])),
  ]);
  return (vps?.n ?? 0) + (domains?.n ?? 0);
}

async function paymentsPerDay(db: Database, days: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ day: string; n: number | string }>(db, sql`
    select to_char(date_trunc('day', completed_at at time zone 'utc'), 'YYYY-MM-DD') as day, count(*) as n
    from payment_transactions
    where kind = 'deposit' and status = 'COMPLETED'
      and completed_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc' - make_interval(days => ${days - 1})
    group by 1`);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** Completed deposits of the last `days` days, summed per currency (exact decimal arithmetic in SQL). */
async function paymentTotals(db: Database, days: number): Promise<{ currency: string; amount: string; count: number }[]> {
  const rows = await queryRows<{ currency: string; amount: string; n: number | string }>(db, sql`
    select currency, sum(amount::numeric)::text as amount, count(*) as n
    from payment_transactions
    where kind = 'deposit' and status = 'COMPLETED'
      and completed_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc' - make_interval(days => ${days - 1})
    group by currency order by currency`);
  return rows.map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.n) }));
}

/** The dashboard's figures, each from the capability that owns it. */
export const overviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/admin/overview",
    { config: { access: { roles: ["admin", "agent"] } }, schema: { response: { 200: Overview } } },
    async () => {
      const [enquiries, perDay, chats, payments, orders, paidPerDay, totals] = await Promise.all([
        enquiryCounts(db),
        enquiriesPerDay(db, DAYS),
        openChats(db),
        completedPayments(db),
        pendingOrders(db),
        paymentsPerDay(db, DAYS),
        paymentTotals(db, DAYS),
      ]);
      return {
        enquiries,
        openChats: chats,
        payments,
        pendingOrders: orders,
        paymentTotals: totals,
        daily: perDay.map((d) => ({ date: d.date, enquiries: d.count, payments: paidPerDay.get(d.date) ?? 0 })),
      };
    },
  );
};
