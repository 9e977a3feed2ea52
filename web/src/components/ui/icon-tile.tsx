import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

const sizes = {
  sm: "size-9 rounded-lg [&_svg]:size-4",
  md: "size-11 rounded-xl [&_svg]:size-5",
  lg: "size-14 rounded-2xl [&_svg]:size-7",
} as const;

/** The one square icon badge used across the marketing pages. Pass an aria-hidden icon. */
export function IconTile({ children, size = "md" }: { children: ReactNode; size?: keyof typeof sizes }) {
  return (
    <span
      className={cn(
        "grid shrink-0 place-items-center bg-accent text-accent-foreground ring-1 ring-primary/15 ring-inset",
        sizes[size],
      )}
    >
      {children}
    </span>
  );
}
