import type { ReactNode } from "react";
import { formatNumber } from "./format.ts";

export interface BarRow {
  key: string;
  label: ReactNode;
  value: number;
  /** A part of `value` drawn over it (enquiries won of enquiries received). */
  part?: number;
  /** Shown after the figure (a share, an amount). */
  note?: ReactNode;
}

/** A bar's length as a share of the longest bar, as an SVG length. */
const share = (value: number, peak: number) => `${(value / peak) * 100}%`;

/**
 * A horizontal bar chart that writes its figures beside each bar, so screen readers (and anyone
 * comparing with the CSV) read the same numbers the bars draw. Bars scale to the largest value.
 */
export function BarChart({
  caption,
  rows,
  valueLabel,
  partLabel,
  noteLabel,
  empty,
  testId,
}: {
  caption: ReactNode;
  rows: BarRow[];
  valueLabel: string;
  partLabel?: string;
  noteLabel?: string;
  empty: ReactNode;
  testId?: string;
}) {
  const peak = Math.max(0, ...rows.map((row) => row.value));
  return (
    <figure className="min-w-0" data-testid={testId}>
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {caption}
      </figcaption>
      {rows.length === 0 || peak === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-2.5 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="grid gap-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="min-w-0 text-foreground">{row.label}</span>
                <span className="flex items-baseline gap-3 tabular-nums">
                  <span className="font-medium">
                    <span className="sr-only">{valueLabel}: </span>
                    {formatNumber(row.value)}
                  </span>
                  {partLabel ? (
                    <span className="text-xs text-success">
                      {partLabel} {formatNumber(row.part ?? 0)}
                    </span>
                  ) : null}
                  {noteLabel && row.note ? (
                    <span className="text-xs text-muted-foreground">
                      <span className="sr-only">{noteLabel}: </span>
                      {row.note}
                    </span>
                  ) : null}
                </span>
              </div>
              {/* Drawn in SVG, whose widths are attributes: no inline style (html-validate: no-inline-style). */}
              <svg aria-hidden="true" className="block h-2.5 w-full overflow-hidden rounded bg-muted">
                <rect className="fill-primary/35" width={share(row.value, peak)} height="100%" rx="4" />
                {row.part !== undefined ? (
                  <rect className="fill-success" width={share(row.part, peak)} height="100%" rx="4" />
                ) : null}
              </svg>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
