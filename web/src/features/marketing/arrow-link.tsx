import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "../../i18n/link.tsx";
import { cn } from "../../lib/cn.ts";
import { stretchedLink } from "./format.ts";

/**
 * A text link with a trailing arrow. `stretched` makes the whole card (the nearest positioned
 * ancestor) clickable; give that card the `group` class so hovering it nudges the arrow.
 */
export function ArrowLink({
  to,
  children,
  stretched = false,
  describedBy,
}: {
  to: string;
  children: ReactNode;
  stretched?: boolean;
  describedBy?: string;
}) {
  return (
    <Link
      to={to}
      aria-describedby={describedBy}
      className={cn(
        "group inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary transition-colors hover:text-primary/80",
        stretched && stretchedLink,
      )}
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}
