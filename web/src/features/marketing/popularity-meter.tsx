import { cn } from "../../lib/cn.ts";

/**
 * A percentage bar. Drawn as SVG so the width is an attribute, not an inline style
 * (prerendered HTML stays valid under a strict style CSP). Screen readers get a native
 * <meter> with the value and the label; the drawing is hidden from them.
 */
export function PopularityMeter({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div className={cn("h-2 w-full", className)}>
      <meter className="sr-only" min={0} max={100} value={clamped} aria-label={label}>
        {clamped}%
      </meter>
      <svg aria-hidden="true" focusable="false" className="block h-full w-full">
        <rect width="100%" height="100%" rx="4" className="fill-primary/12" />
        <rect width={`${clamped}%`} height="100%" rx="4" className="fill-primary" />
      </svg>
    </div>
  );
}
