/**
 * Pure duration helpers. Nothing here reads the clock: callers pass `now`,
 * which keeps results deterministic and identical on server and client for a
 * given `now`.
 *
 * Months and years use average lengths (30.44 and 365.25 days), so results
 * are approximate by design and can differ by a day from calendar arithmetic.
 */
import type { Elapsed } from "./types.ts";

export const DAYS_PER_MONTH = 30.44;
export const DAYS_PER_YEAR = 365.25;

const MS_PER_DAY = 86_400_000;

function toTime(value: Date | string, label: string): number {
  const time = (typeof value === "string" ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) {
    throw new RangeError(`elapsedSince: invalid ${label} date: ${String(value)}`);
  }
  return time;
}

/**
 * Time elapsed from `start` to `now`, split into whole years, months and days.
 *
 * - totalDays = floor((now - start) / 86 400 000)
 * - years     = floor(totalDays / 365.25)
 * - months    = floor((totalDays - years * 365.25) / 30.44)
 * - days      = floor(totalDays - years * 365.25 - months * 30.44)
 *
 * A `start` after `now` yields all zeros. ISO date-only strings such as
 * "2017-03-01" are parsed as UTC midnight. Throws RangeError for an invalid
 * date.
 */
export function elapsedSince(start: Date | string, now: Date): Elapsed {
  const totalMs = toTime(now, "now") - toTime(start, "start");
  if (totalMs <= 0) {
    return { totalDays: 0, years: 0, months: 0, days: 0 };
  }
  const totalDays = Math.floor(totalMs / MS_PER_DAY);
  const years = Math.floor(totalDays / DAYS_PER_YEAR);
  const afterYears = totalDays - years * DAYS_PER_YEAR;
  const months = Math.floor(afterYears / DAYS_PER_MONTH);
  const days = Math.floor(afterYears - months * DAYS_PER_MONTH);
  return { totalDays, years, months, days };
}

/**
 * The words a language writes a duration with, usually from a catalog: `years(7)` is
 * "7 years", `both("7 years", "8 months")` is "7 years, 8 months".
 */
export interface ElapsedWords {
  years(count: number): string;
  months(count: number): string;
  both(years: string, months: string): string;
  lessThanAMonth: string;
}

const englishPlural = (unit: string) => (count: number) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** English, for callers without a catalog (tests, server-side text). */
export const englishElapsedWords: ElapsedWords = {
  years: englishPlural("year"),
  months: englishPlural("month"),
  both: (years, months) => `${years}, ${months}`,
  lessThanAMonth: "less than a month",
};

/**
 * Short rendering such as "7 years, 8 months", "1 year" or "3 months", in the words given
 * (English by default); zero parts are omitted and "less than a month" is returned when both
 * years and months are zero.
 */
export function formatElapsed(e: Pick<Elapsed, "years" | "months">, words: ElapsedWords = englishElapsedWords): string {
  if (e.years > 0 && e.months > 0) return words.both(words.years(e.years), words.months(e.months));
  if (e.years > 0) return words.years(e.years);
  if (e.months > 0) return words.months(e.months);
  return words.lessThanAMonth;
}
