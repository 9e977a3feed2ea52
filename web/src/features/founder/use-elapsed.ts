import { useEffect, useState } from "react";
import { elapsedSince, formatElapsed } from "../../../../content/durations.ts";

/**
 * The current time, read only after mount. The prerendered HTML and the first client render
 * both see null, so hydration matches; the real value arrives in an effect.
 */
export function useNowAfterMount(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
  }, []);
  return now;
}

/** "7 years, 8 months" since an ISO date, or null until mounted. */
export function formatSince(start: string, now: Date | null): string | null {
  return now ? formatElapsed(elapsedSince(start, now)) : null;
}

/** The year part of an ISO date ("2017-03-01" -> "2017"), for the stable placeholder. */
export function yearOf(isoDate: string): string {
  return isoDate.slice(0, 4);
}
