import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { elapsedSince, type ElapsedWords, formatElapsed } from "#content/durations.ts";

/**
 * The current time, read only after mount. The prerendered HTML and the first client render
 * both see null, so hydration matches; React re-renders with the real value right after.
 */
export function useNowAfterMount(): Date | null {
  return useSyncExternalStore(subscribeNothing, firstClientNow, () => null);
}

const subscribeNothing = () => () => undefined;
let clientNow: Date | undefined;
/** One instant per page view: every reader agrees, and React sees a stable snapshot. */
function firstClientNow(): Date {
  clientNow ??= new Date();
  return clientNow;
}

/** Years and months in the page's language, from the founder catalog. */
export function useElapsedWords(): ElapsedWords {
  const { t } = useTranslation("founder");
  return {
    years: (count) => t("elapsed.years", { count }),
    months: (count) => t("elapsed.months", { count }),
    both: (years, months) => t("elapsed.both", { years, months }),
    lessThanAMonth: t("elapsed.lessThanMonth"),
  };
}

/** "7 years, 8 months" since an ISO date, in the given words, or null until mounted. */
export function formatSince(start: string, now: Date | null, words: ElapsedWords): string | null {
  return now ? formatElapsed(elapsedSince(start, now), words) : null;
}

/** The year part of an ISO date ("2017-03-01" -> "2017"), for the stable placeholder. */
export function yearOf(isoDate: string): string {
  return isoDate.slice(0, 4);
}
