import { brand } from "#content/brand.ts";
import { cn } from "../../lib/cn.ts";

/** The wordmark: a monogram tile and the company name. */
export function Logo() {
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          "grid size-9 place-items-center rounded-lg bg-gradient-to-br",
          "from-primary to-cyan-500 text-sm font-bold text-white shadow-sm",
        )}
      >
        {brand.shortName}
      </span>
      <span className="text-base font-bold tracking-tight text-foreground">{brand.name}</span>
    </>
  );
}
