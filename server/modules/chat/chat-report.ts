import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { monthOf, monthsOf, withinDays, type DayRange } from "../../lib/report-range.ts";

export interface ChatFigures {
  chats: number;
  messages: number;
  handovers: number;
  firstResponse: { answered: number; medianSeconds: number | null; p90Seconds: number | null };
  outcomes: { outcome: string; count: number }[];
  byMonth: { month: string; chats: number; handovers: number }[];
}

const num = (value: unknown) => Number(value ?? 0);
const seconds = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value)));

/**
 * Chats started in the range (sessions with at least one visitor message), their messages, the
 * hand-overs asked for and how each ended, and how long the accepted ones waited for a person's
 * first message.
 */
export async function chatReport(db: Database, range: DayRange): Promise<ChatFigures> {
  const sessionsIn = sql`select s.id, s.created_at from chat_sessions s
    where ${withinDays(sql`s.created_at`, range)}
      and exists (select 1 from chat_messages m where m.session_id = s.id and m.role = 'user')`;
  const handoversIn = sql`select * from chat_handovers where ${withinDays(sql`requested_at`, range)}`;
  const [[volume], [response], outcomes, byMonth] = await Promise.all([
    queryRows<{ chats: unknown; messages: unknown; handovers: unknown }>(
      db,
      sql`select (select count(*) from (${sessionsIn}) s) as chats,
        (select count(*) from chat_messages where ${withinDays(sql`created_at`, range)} and role <> 'system') as messages,
        (select count(*) from (${handoversIn}) h) as handovers`,
    ),
    queryRows<{ answered: unknown; median: unknown; p90: unknown }>(
      db,
      sql`select count(*) as answered,
        percentile_cont(0.5) within group (order by extract(epoch from first_response_at - requested_at)) as median,
        percentile_cont(0.9) within group (order by extract(epoch from first_response_at - requested_at)) as p90
        from (${handoversIn}) h where first_response_at is not null`,
    ),
    queryRows<{ outcome: string; n: unknown }>(
      db,
      sql`select outcome, count(*) as n from (${handoversIn}) h group by 1 order by 2 desc, 1`,
    ),
    queryRows<{ month: string; chats: unknown; handovers: unknown }>(
      db,
      sql`select months.month,
        (select count(*) from (${sessionsIn}) s where ${monthOf(sql`s.created_at`)} = months.month) as chats,
        (select count(*) from (${handoversIn}) h where ${monthOf(sql`h.requested_at`)} = months.month) as handovers
        from (${monthsOf(range)}) as months order by 1`,
    ),
  ]);
  return {
    chats: num(volume?.chats),
    messages: num(volume?.messages),
    handovers: num(volume?.handovers),
    firstResponse: {
      answered: num(response?.answered),
      medianSeconds: seconds(response?.median),
      p90Seconds: seconds(response?.p90),
    },
    outcomes: outcomes.map((r) => ({ outcome: r.outcome, count: num(r.n) })),
    byMonth: byMonth.map((r) => ({ month: r.month, chats: num(r.chats), handovers: num(r.handovers) })),
  };
}
