/**
 * When live agents answer chat, as data the server can check (the words are company.businessHours).
 * Kigali keeps Central Africa Time (UTC+2) all year, with no daylight saving.
 */
import { company } from "./company.ts";

export const businessTimeZone = { name: "Africa/Kigali", utcOffsetMinutes: 120 } as const;

/** Opening minutes after local midnight per weekday (0 = Sunday); null = closed. */
export const businessSchedule: readonly ({ opens: number; closes: number } | null)[] = [
  null,
  { opens: 8 * 60, closes: 18 * 60 },
  { opens: 8 * 60, closes: 18 * 60 },
  { opens: 8 * 60, closes: 18 * 60 },
  { opens: 8 * 60, closes: 18 * 60 },
  { opens: 8 * 60, closes: 18 * 60 },
  { opens: 9 * 60, closes: 13 * 60 },
];

export function isWithinBusinessHours(at: Date): boolean {
  const local = new Date(at.getTime() + businessTimeZone.utcOffsetMinutes * 60_000);
  const day = businessSchedule[local.getUTCDay()];
  if (!day) return false;
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minutes >= day.opens && minutes < day.closes;
}

/** "Monday - Friday 8:00 AM - 6:00 PM CAT; Saturday 9:00 AM - 1:00 PM; Sunday Closed" */
export const businessHoursText = company.businessHours.map((row) => `${row.days}: ${row.hours}`).join("; ");
