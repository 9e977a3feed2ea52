import { CircleCheck } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** A short feature list with a check mark before each item. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-2.5 text-sm leading-snug", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <CircleCheck aria-hidden="true" className="mt-px size-4 shrink-0 text-success" />
          <span className="text-foreground/85">{item}</span>
        </li>
      ))}
    </ul>
  );
}
