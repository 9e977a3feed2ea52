import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const tones = {
  primary: "bg-primary/10 text-accent-foreground ring-primary/20 dark:bg-primary/15",
  success: "bg-success/10 text-success ring-success/25",
  warning: "bg-warning/15 text-foreground ring-warning/30",
  neutral: "bg-muted text-muted-foreground ring-border",
  solid: "bg-primary text-primary-foreground ring-transparent",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = "primary", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
