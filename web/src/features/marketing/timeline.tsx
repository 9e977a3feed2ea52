import type { TimelineEntry } from "#content/types.ts";
import { cn } from "../../lib/cn.ts";

/**
 * Company milestones. On phones a single rail runs down the left; from lg the rail is centred
 * and entries alternate sides, with each year set large opposite its milestone.
 */
export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const lastIndex = entries.length - 1;
  return (
    <ol
      className={cn(
        "relative mx-auto max-w-2xl lg:max-w-5xl before:absolute before:top-2",
        "before:bottom-2 before:left-4 before:w-px before:-translate-x-1/2",
        "before:bg-border lg:before:left-1/2",
      )}
    >
      {entries.map((entry, index) => {
        const contentLeft = index % 2 === 0;
        const latest = index === lastIndex;
        return (
          <li
            key={entry.year}
            className="relative pb-10 pl-12 last:pb-0 lg:grid lg:grid-cols-2 lg:gap-x-24 lg:pb-16 lg:pl-0"
          >
            <span
              aria-hidden="true"
              className={cn(
                "absolute top-1 left-4 size-4 -translate-x-1/2 rounded-full border-4 border-background ring-2 lg:top-3 lg:left-1/2",
                latest ? "bg-primary ring-primary" : "bg-card ring-primary/45",
              )}
            />
            <p
              className={cn(
                "text-sm font-semibold text-primary tabular-nums lg:row-start-1 lg:text-4xl lg:font-bold lg:tracking-tight",
                contentLeft ? "lg:col-start-2" : "lg:col-start-1 lg:text-right",
              )}
            >
              <time dateTime={String(entry.year)}>{entry.year}</time>
            </p>
            <div
              className={cn(
                "mt-1.5 lg:row-start-1 lg:mt-1",
                contentLeft ? "lg:col-start-1 lg:text-right" : "lg:col-start-2",
              )}
            >
              <h3 className="text-lg font-semibold text-foreground">{entry.title}</h3>
              <p className="mt-2 leading-relaxed text-pretty text-muted-foreground">{entry.description}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
