import type { SpeedResult } from "#contracts/analysis.ts";
import { formatNumber } from "../../lib/intl.ts";
import { cn } from "../../lib/cn.ts";

/** Lighthouse's bands: 0–49 poor, 50–89 needs work, 90–100 good. */
export function scoreTone(score: number): "good" | "average" | "poor" {
  return score >= 90 ? "good" : score >= 50 ? "average" : "poor";
}

const toneStroke = { good: "stroke-success", average: "stroke-warning", poor: "stroke-destructive" } as const;
const toneText = { good: "text-success", average: "text-foreground", poor: "text-destructive" } as const;

/** A ring gauge like PageSpeed Insights'. */
export function ScoreGauge({
  score,
  label,
  grade,
  max = 100,
}: {
  score: number;
  label: string;
  grade?: string | null;
  max?: number;
}) {
  const shown = Math.max(0, Math.min(score, max));
  const tone = scoreTone(Math.min(100, score));
  const circumference = 2 * Math.PI * 42;
  return (
    <figure className="flex flex-col items-center gap-2" data-testid={`gauge-${label}`}>
      <div className="relative size-28">
        <svg viewBox="0 0 100 100" className="size-28 -rotate-90" aria-hidden="true">
          <circle cx="50" cy="50" r="42" className="fill-none stroke-muted" strokeWidth="10" />
          <circle
            cx="50"
            cy="50"
            r="42"
            className={cn("fill-none transition-[stroke-dashoffset] duration-700", toneStroke[tone])}
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - Math.min(shown, 100) / 100)}
          />
        </svg>
        <div className={cn("absolute inset-0 grid place-items-center text-3xl font-bold tabular-nums", toneText[tone])}>
          {grade ?? score}
        </div>
      </div>
      <figcaption className="text-sm font-medium text-muted-foreground">{label}</figcaption>
    </figure>
  );
}

const typeColours: Record<string, string> = {
  document: "bg-primary",
  css: "bg-sky-500",
  js: "bg-amber-500",
  font: "bg-violet-500",
  image: "bg-emerald-500",
  other: "bg-slate-400",
};
/** The same colours for the bar's SVG segments (spelled out, so Tailwind finds them). */
const typeFills: Record<string, string> = {
  document: "fill-primary",
  css: "fill-sky-500",
  js: "fill-amber-500",
  font: "fill-violet-500",
  image: "fill-emerald-500",
  other: "fill-slate-400",
};

/** "1.5 MB", "12 kB" ("1,5 Mo", "12 ko" in French). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return formatNumber(bytes / 1024 / 1024, {
      style: "unit",
      unit: "megabyte",
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
  return formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: "unit", unit: "kilobyte" });
}

/** "120 ms", in the page's digits. */
export function formatMs(ms: number): string {
  return formatNumber(Math.round(ms), { style: "unit", unit: "millisecond" });
}

/** Page weight split by resource type, as one stacked bar with a legend. */
export function WeightChart({
  weight,
  typeLabel,
}: {
  weight: SpeedResult["weight"];
  typeLabel: (type: string) => string;
}) {
  const total = Math.max(1, weight.totalBytes);
  return (
    <div>
      <StackedBar
        label={weight.byType.map((t) => `${typeLabel(t.type)} ${formatBytes(t.bytes)}`).join(", ")}
        segments={weight.byType.map((t) => ({ key: t.type, share: t.bytes / total, fill: typeFills[t.type] }))}
      />
      <ul className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        {weight.byType.map((t) => (
          <li key={t.type} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn("size-3 rounded-sm", typeColours[t.type])} />
            <span className="font-medium">{typeLabel(t.type)}</span>
            <span className="text-muted-foreground tabular-nums">
              {formatBytes(t.bytes)} · {t.requests}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const phaseColours = {
  dns: "bg-teal-500",
  connect: "bg-orange-500",
  tls: "bg-fuchsia-500",
  ttfb: "bg-emerald-500",
  download: "bg-sky-500",
} as const;
const phaseFills = {
  dns: "fill-teal-500",
  connect: "fill-orange-500",
  tls: "fill-fuchsia-500",
  ttfb: "fill-emerald-500",
  download: "fill-sky-500",
} as const;

/**
 * Shares of a whole laid end to end in one bar. SVG attributes size the segments: no inline style,
 * which the page's CSP and html-validate both refuse.
 */
function StackedBar({
  label,
  segments,
}: {
  label: string;
  segments: { key: string; share: number; fill: string | undefined }[];
}) {
  // Where each segment starts: the shares before it.
  const starts = segments.map((_, i) => segments.slice(0, i).reduce((sum, s) => sum + 100 * s.share, 0));
  return (
    <svg
      className="block h-4 w-full overflow-hidden rounded-full bg-muted"
      role="img"
      aria-label={label}
      viewBox="0 0 100 1"
      preserveAspectRatio="none"
    >
      {segments.map((segment, i) => (
        <rect key={segment.key} className={segment.fill} x={starts[i]} y={0} width={100 * segment.share} height={1} />
      ))}
    </svg>
  );
}

/** The document request's phases laid end to end, like one row of a waterfall. */
export function TimingBar({
  timing,
  phaseLabel,
}: {
  timing: SpeedResult["timing"];
  phaseLabel: (phase: string) => string;
}) {
  const wait = Math.max(0, timing.ttfb - timing.dns - timing.connect - timing.tls);
  const phases = [
    ["dns", timing.dns],
    ["connect", timing.connect],
    ["tls", timing.tls],
    ["ttfb", wait],
    ["download", timing.download],
  ] as const;
  const total = Math.max(
    1,
    phases.reduce((s, [, ms]) => s + ms, 0),
  );
  return (
    <div>
      <StackedBar
        label={phases.map(([p, ms]) => `${phaseLabel(p)} ${formatMs(ms)}`).join(", ")}
        segments={phases.map(([phase, ms]) => ({ key: phase, share: ms / total, fill: phaseFills[phase] }))}
      />
      <ul className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {phases.map(([phase, ms]) => (
          <li key={phase} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn("size-3 rounded-sm", phaseColours[phase])} />
            <span className="font-medium">{phaseLabel(phase)}</span>
            <span className="text-muted-foreground tabular-nums">{formatMs(ms)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
