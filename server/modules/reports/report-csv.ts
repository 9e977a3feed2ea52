import { providerDisplayName } from "#contracts/payments.ts";
import type { ChatReport, EnquiryReport, OrderReport, PaymentReport } from "#contracts/reports.ts";
import { csvRow } from "../../lib/csv.ts";

// The CSV files staff download from Reports: the same figures as the screen, one table per file,
// a `section` column telling the breakdowns apart.

/** Won as a share of the total, in percent with one decimal ("" when there is nothing to share). */
export function share(won: number, total: number): string {
  return total === 0 ? "" : (Math.round((won / total) * 1000) / 10).toFixed(1);
}

export function enquiryCsv(report: EnquiryReport): string {
  let csv = csvRow(["section", "key", "enquiries", "won", "won_percent"]);
  const section = (name: string, rows: EnquiryReport["byService"]) => {
    for (const row of rows) csv += csvRow([name, row.key, row.total, row.won, share(row.won, row.total)]);
  };
  section("service", report.byService);
  section("source", report.bySource);
  section("month", report.byMonth);
  csv += csvRow(["total", "", report.total, report.won, share(report.won, report.total)]);
  return csv;
}

export function chatCsv(report: ChatReport): string {
  let csv = csvRow(["section", "key", "value"]);
  csv += csvRow(["volume", "chats", report.chats]);
  csv += csvRow(["volume", "messages", report.messages]);
  csv += csvRow(["volume", "handovers", report.handovers]);
  csv += csvRow(["first_response", "answered", report.firstResponse.answered]);
  csv += csvRow(["first_response", "median_seconds", report.firstResponse.medianSeconds]);
  csv += csvRow(["first_response", "p90_seconds", report.firstResponse.p90Seconds]);
  for (const row of report.outcomes) csv += csvRow(["handover_outcome", row.outcome, row.count]);
  for (const row of report.byMonth) {
    csv += csvRow(["month_chats", row.month, row.chats]);
    csv += csvRow(["month_handovers", row.month, row.handovers]);
  }
  return csv;
}

export function paymentCsv(report: PaymentReport): string {
  let csv = csvRow(["section", "key", "name", "currency", "payments", "completed", "completed_amount"]);
  const section = (name: string, rows: PaymentReport["byCountry"], label: (key: string) => string) => {
    for (const row of rows)
      csv += csvRow([name, row.key, label(row.key), row.currency, row.count, row.completed, row.amount]);
  };
  section("country", report.byCountry, (key) => key);
  section("provider", report.byProvider, (key) => providerDisplayName(key) ?? key);
  section("status", report.byStatus, (key) => key);
  return csv;
}

export function orderCsv(report: OrderReport): string {
  let csv = csvRow(["kind", "currency", "orders", "paid", "revenue"]);
  for (const row of report.rows) csv += csvRow([row.kind, row.currency, row.orders, row.paid, row.revenue]);
  for (const row of report.byCurrency) csv += csvRow(["total", row.currency, row.orders, row.paid, row.revenue]);
  return csv;
}
