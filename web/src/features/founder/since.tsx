import { elapsedSince, type ElapsedWords, formatElapsed } from "#content/durations.ts";
import { formatSince, useElapsedWords, useNowAfterMount } from "./use-elapsed.ts";

/** When this page was rendered: at build time for a prerendered page. */
const renderedAt = new Date();

/**
 * The props of a `Since` island. `widest` is the figure as of the render: the box keeps room for it
 * from the first paint, so the visitor's own figure (the same length, give or take a digit) replaces
 * the placeholder without moving anything around it (CLS 0).
 */
export function sinceProps(start: string, placeholder: string, words: ElapsedWords) {
  return { start, placeholder, widest: formatElapsed(elapsedSince(start, renderedAt), words) };
}

/**
 * "7 years, 8 months" since `start`, by the visitor's clock; `placeholder` ("since 2017") in the
 * prerendered page and until mounted. An island on the founder page (decision 0036).
 */
export function Since({ start, placeholder, widest }: { start: string; placeholder: string; widest: string }) {
  const text = formatSince(start, useNowAfterMount(), useElapsedWords()) ?? placeholder;
  return (
    <span className="inline-grid">
      {/* From the cell's start: centred or right-aligned, a shorter text would start elsewhere (a shift). */}
      <span className="col-start-1 row-start-1 text-left">{text}</span>
      <span aria-hidden="true" className="invisible col-start-1 row-start-1">
        {placeholder}
      </span>
      <span aria-hidden="true" className="invisible col-start-1 row-start-1">
        {widest}
      </span>
    </span>
  );
}
