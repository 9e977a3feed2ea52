import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * One headline figure: optional icon, the value large, its label, and an optional sentence.
 * Render inside a <ul> (the tile is an <li>).
 */
export function StatTile({
  value,
  label,
  icon,
  description,
  className,
}: {
  value: string;
  label: string;
  icon?: ReactNode;
  description?: string;
  className?: string;
}) {
  return (
    <li className={cn("flex flex-col", className)}>
      {icon}
      <p
        className={cn(
          "text-3xl font-bold tracking-tight text-foreground tabular-nums sm:text-4xl",
          icon ? "mt-5" : null,
        )}
      >
        {value}
      </p>
      <p className="mt-1 text-sm font-semibold text-foreground/80">{label}</p>
      {description ? <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{description}</p> : null}
    </li>
  );
}
