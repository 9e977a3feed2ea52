import { cn } from "../../lib/cn.ts";

/**
 * Decorative hero background drawn in CSS: a faint grid that fades out from the top and two
 * soft brand-coloured glows. The parent must be `relative isolate overflow-hidden`.
 */
export function GridBackdrop({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn("pointer-events-none absolute inset-0 -z-10", className)}>
      <div
        className={cn(
          "absolute inset-0",
          "bg-grid-lines",
          "bg-size-[3.5rem_3.5rem] opacity-70",
          "mask-[radial-gradient(ellipse_80%_65%_at_50%_0%,#000_35%,transparent_100%)]",
        )}
      />
      <div className="absolute -top-48 left-1/2 h-136 w-240 -translate-x-1/2 bg-radial from-primary/20 to-transparent to-70%" />
      <div className="absolute -top-24 -right-48 h-112 w-xl bg-radial from-cyan-500/15 to-transparent to-70%" />
    </div>
  );
}
