import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Overview } from "#contracts/admin.ts";
import { formatDay, formatNumber } from "./format.ts";

type Day = Overview["daily"][number];

/** The plot's height in px; the container's `h-[220px]` says the same. */
const HEIGHT = 220;
const PAD = { top: 12, right: 4, bottom: 26, left: 30 };

/** The smallest 1/2/5 x 10^k step whose four ticks reach the peak. */
export function niceMax(peak: number, ticks = 4): number {
  if (peak <= ticks) return ticks;
  const rough = peak / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  return step * ticks;
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * New enquiries and completed payments per day, drawn in SVG. Screen readers get a
 * one-sentence summary and the figures as a table.
 */
export function DailyChart({ daily }: { daily: Day[] }) {
  const { t } = useTranslation("admin");
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);

  const totalEnquiries = daily.reduce((sum, day) => sum + day.enquiries, 0);
  const totalPayments = daily.reduce((sum, day) => sum + day.payments, 0);
  const peakDay = daily.reduce<Day | undefined>(
    (best, day) => (!best || day.enquiries > best.enquiries ? day : best),
    undefined,
  );
  const peak = Math.max(0, ...daily.map((day) => Math.max(day.enquiries, day.payments)));
  const yMax = niceMax(peak);
  const first = daily[0];
  const last = daily.at(-1);

  const summary =
    first && last && peakDay
      ? t("overview.chart.summary", {
          from: formatDay(first.date),
          to: formatDay(last.date),
          enquiries: formatNumber(totalEnquiries),
          peak: formatNumber(peakDay.enquiries),
          peakDate: formatDay(peakDay.date),
        }) + t("overview.chart.summaryPayments", { payments: formatNumber(totalPayments) })
      : t("overview.chart.empty");

  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = daily.length > 0 ? plotWidth / daily.length : 0;
  const barWidth = Math.max(2, Math.min(slot * 0.34, 10));
  const y = (value: number) => PAD.top + plotHeight - (value / yMax) * plotHeight;
  const ticks = [0, 1, 2, 3, 4].map((i) => (yMax / 4) * i);
  const labelEvery = width < 480 ? 10 : width < 760 ? 7 : 5;
  // Every few days, counted back from today so the latest day is always labelled.
  const showLabel = (index: number) => (daily.length - 1 - index) % labelEvery === 0;
  const hovered = hover === null ? undefined : daily[hover];

  return (
    <figure className="m-0">
      <div
        className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
        aria-hidden="true"
      >
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-primary" />
          {t("overview.chart.enquiries")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-cyan-500 dark:bg-cyan-400" />
          {t("overview.chart.payments")}
        </span>
      </div>
      <div ref={ref} className="relative h-[220px] w-full" onPointerLeave={() => setHover(null)}>
        {width > 0 ? (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label={summary}
            className="block overflow-visible"
            data-testid="daily-chart"
          >
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={tick === 0 ? "stroke-border" : "stroke-border/60"}
                  strokeDasharray={tick === 0 ? undefined : "3 4"}
                />
                <text
                  x={PAD.left - 8}
                  y={y(tick)}
                  dy="0.32em"
                  textAnchor="end"
                  className="fill-muted-foreground text-[10px] tabular-nums"
                >
                  {formatNumber(tick)}
                </text>
              </g>
            ))}
            {daily.map((day, index) => {
              const x = PAD.left + index * slot;
              const centre = x + slot / 2;
              const enquiryX = centre - barWidth - 1;
              return (
                <g key={day.date}>
                  {hover === index ? (
                    <rect x={x} y={PAD.top} width={slot} height={plotHeight} className="fill-muted" rx={3} />
                  ) : null}
                  {day.enquiries > 0 ? (
                    <rect
                      x={enquiryX}
                      y={y(day.enquiries)}
                      width={barWidth}
                      height={Math.max(1, y(0) - y(day.enquiries))}
                      rx={Math.min(2, barWidth / 2)}
                      className="fill-primary"
                    />
                  ) : null}
                  {day.payments > 0 ? (
                    <rect
                      x={centre + 1}
                      y={y(day.payments)}
                      width={barWidth}
                      height={Math.max(1, y(0) - y(day.payments))}
                      rx={Math.min(2, barWidth / 2)}
                      className="fill-cyan-500 dark:fill-cyan-400"
                    />
                  ) : null}
                  {showLabel(index) ? (
                    <text x={centre} y={HEIGHT - 8} textAnchor="middle" className="fill-muted-foreground text-[10px]">
                      {formatDay(day.date)}
                    </text>
                  ) : null}
                  <rect
                    x={x}
                    y={PAD.top}
                    width={slot}
                    height={plotHeight}
                    fill="transparent"
                    onPointerEnter={() => setHover(index)}
                    onPointerDown={() => setHover(index)}
                  />
                </g>
              );
            })}
            {hovered && hover !== null ? (
              // In the SVG, placed by attributes: a box beside it would need an inline style.
              <foreignObject
                x={Math.min(Math.max(0, PAD.left + hover * slot + slot / 2 - 64), Math.max(0, width - 136))}
                y={0}
                width={136}
                height={HEIGHT}
                aria-hidden="true"
                className="pointer-events-none overflow-visible"
              >
                <div className="w-34 rounded-lg border bg-card px-3 py-2 text-xs shadow-lg">
                  <p className="font-medium text-foreground">
                    {formatDay(hovered.date, { weekday: "short", day: "numeric", month: "short" })}
                  </p>
                  <p className="mt-1 flex items-center justify-between gap-4 text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <span className="size-2 rounded-sm bg-primary" />
                      {t("overview.chart.enquiries")}
                    </span>
                    <span className="font-medium text-foreground tabular-nums">{formatNumber(hovered.enquiries)}</span>
                  </p>
                  <p className="mt-0.5 flex items-center justify-between gap-4 text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <span className="size-2 rounded-sm bg-cyan-500 dark:bg-cyan-400" />
                      {t("overview.chart.payments")}
                    </span>
                    <span className="font-medium text-foreground tabular-nums">{formatNumber(hovered.payments)}</span>
                  </p>
                </div>
              </foreignObject>
            ) : null}
          </svg>
        ) : null}
      </div>
      {/* A table ignores the size limits of sr-only, so a wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>{t("overview.chart.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("overview.chart.date")}</th>
              <th scope="col">{t("overview.chart.enquiries")}</th>
              <th scope="col">{t("overview.chart.payments")}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date, { day: "numeric", month: "long" })}</th>
                <td>{day.enquiries}</td>
                <td>{day.payments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
