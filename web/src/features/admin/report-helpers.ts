import { ReportRange } from "#contracts/reports.ts";

/** The default report range: the first day of the month eleven months back, to today (UTC days). */
export function defaultReportRange(now: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

export type RangeProblem = "date" | "order" | "tooLong";

/** What is wrong with a report range, in the words the screen has for it; null when the contract takes it. */
export function rangeProblem(range: { from: string; to: string }): RangeProblem | null {
  if (ReportRange.safeParse(range).success) return null;
  const { from, to } = ReportRange.shape;
  if (!from.safeParse(range.from).success || !to.safeParse(range.to).success) return "date";
  return range.from <= range.to ? "tooLong" : "order";
}

/** Quick ranges offered beside the date fields. */
export function presetRange(preset: "30d" | "year" | "12m", now: Date): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  if (preset === "30d") return { from: new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10), to };
  if (preset === "year") return { from: `${now.getUTCFullYear()}-01-01`, to };
  return defaultReportRange(now);
}

/** Won as a whole percentage of the total; null when there is nothing to divide. */
export function wonPercent(won: number, total: number): number | null {
  return total === 0 ? null : Math.round((won / total) * 100);
}

/** A duration in seconds as its two largest units: "45 s", "2 min 5 s", "1 h 3 min". */
export function durationParts(seconds: number): { hours: number; minutes: number; seconds: number } {
  const whole = Math.max(0, Math.round(seconds));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}
