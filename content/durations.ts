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

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/**
 * Short English rendering such as "7 years, 8 months", "1 year" or
 * "3 months"; zero parts are omitted and "less than a month" is returned when
 * both years and months are zero. Temporary until durations are localised.
 */
export function formatElapsed(e: Pick<Elapsed, "years" | "months">): string {
  const parts: string[] = [];
  if (e.years > 0) parts.push(plural(e.years, "year"));
  if (e.months > 0) parts.push(plural(e.months, "month"));
  return parts.length > 0 ? parts.join(", ") : "less than a month";
}
