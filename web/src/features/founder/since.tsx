import { formatSince, useElapsedWords, useNowAfterMount } from "./use-elapsed.ts";

/**
 * "7 years, 8 months" since `start`, by the visitor's clock; `placeholder` ("since 2017") in the
 * prerendered page and until mounted. An island on the founder page (decision 0036).
 */
export function Since({ start, placeholder }: { start: string; placeholder: string }) {
  return formatSince(start, useNowAfterMount(), useElapsedWords()) ?? placeholder;
}
