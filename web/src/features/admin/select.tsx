import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { NativeSelect } from "../../components/ui/field.tsx";
import { cn } from "../../lib/cn.ts";

/** The design system's native select with its chevron; `compact` is the 36px filter-bar height. */
export function Select({ className, compact, ...props }: ComponentProps<"select"> & { compact?: boolean }) {
  return (
    <div className={cn("relative", className)}>
      <NativeSelect className={compact ? "h-9!" : undefined} {...props} />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
