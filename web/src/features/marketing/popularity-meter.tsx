import { cn } from "../../lib/cn.ts";

/**
 * A percentage bar. Drawn as SVG so the width is an attribute, not an inline style
 * (prerendered HTML stays valid under a strict style CSP). Screen readers get the
 * progressbar role, its value and the label.
 */
export function PopularityMeter({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={clamped}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cn("h-2 w-full", className)}
    >
      <svg aria-hidden="true" focusable="false" className="block h-full w-full">
        <rect width="100%" height="100%" rx="4" className="fill-primary/12" />
        <rect width={`${clamped}%`} height="100%" rx="4" className="fill-primary" />
      </svg>
    </div>
  );
}
