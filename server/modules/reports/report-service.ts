import type { ChatReport, EnquiryReport, OrderReport, PaymentReport, ReportRange } from "#contracts/reports.ts";
import { HANDOVER_OUTCOMES, type HandoverOutcome } from "#contracts/reports.ts";
import type { Database } from "../../db/client.ts";
import { chatReport } from "../chat/index.ts";
import { enquiryReport } from "../contact/index.ts";
import { domainOrderTotals } from "../domains/index.ts";
import { paymentReport } from "../payments/index.ts";
import { vpsOrderTotals } from "../vps/index.ts";

// Each report is composed from the summaries the owning capabilities export (their index.ts).

export async function buildEnquiryReport(db: Database, range: ReportRange): Promise<EnquiryReport> {
  const figures = await enquiryReport(db, range);
  const total = figures.byMonth.reduce((sum, row) => sum + row.total, 0);
  const won = figures.byMonth.reduce((sum, row) => sum + row.won, 0);
  return { range, total, won, ...figures };
}

const isOutcome = (value: string): value is HandoverOutcome => (HANDOVER_OUTCOMES as readonly string[]).includes(value);

export async function buildChatReport(db: Database, range: ReportRange): Promise<ChatReport> {
  const figures = await chatReport(db, range);
  return {
    range,
    ...figures,
    outcomes: figures.outcomes.flatMap((row) =>
      isOutcome(row.outcome) ? [{ outcome: row.outcome, count: row.count }] : [],
    ),
  };
}

export async function buildPaymentReport(db: Database, range: ReportRange): Promise<PaymentReport> {
  const figures = await paymentReport(db, range);
  return { range, total: figures.byStatus.reduce((sum, row) => sum + row.count, 0), ...figures };
}

/** Adds decimal strings exactly (amounts carry at most a few decimals; no floats on money). */
export function addDecimals(a: string, b: string): string {
  const scale = Math.max(a.split(".")[1]?.length ?? 0, b.split(".")[1]?.length ?? 0);
  const toUnits = (value: string) => {
    const [whole = "0", fraction = ""] = value.split(".");
    const negative = whole.startsWith("-");
    const units = BigInt(whole.replace("-", "") + fraction.padEnd(scale, "0"));
    return negative ? -units : units;
  };
  const sum = toUnits(a) + toUnits(b);
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? digits.slice(-scale).replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export async function buildOrderReport(db: Database, range: ReportRange): Promise<OrderReport> {
  const [vps, domains] = await Promise.all([vpsOrderTotals(db, range), domainOrderTotals(db, range)]);
  const rows = [
    ...vps.map((row) => ({ kind: "vps" as const, ...row })),
    ...domains.map((row) => ({ kind: "domain" as const, ...row })),
  ];
  const byCurrency = new Map<string, { currency: string; orders: number; paid: number; revenue: string }>();
  for (const row of rows) {
    const current = byCurrency.get(row.currency) ?? { currency: row.currency, orders: 0, paid: 0, revenue: "0" };
    byCurrency.set(row.currency, {
      currency: row.currency,
      orders: current.orders + row.orders,
      paid: current.paid + row.paid,
      revenue: addDecimals(current.revenue, row.revenue),
    });
  }
  return { range, rows, byCurrency: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}
