import { Container, Section } from "../../components/ui/section.tsx";
import { type ButtonLink, LinkButtons } from "./link-buttons.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The closing call to action shared by the marketing pages: a deep navy panel in light mode
 * and a raised card in dark mode, with a soft brand glow, ending in a solid and an outline link.
 */
export function CtaBanner({
  id,
  title,
  lead,
  primary,
  secondary,
}: {
  id: string;
  title: string;
  lead: string;
  primary: ButtonLink;
  secondary: ButtonLink;
}) {
  return (
    <Section aria-labelledby={id}>
      <Container>
        <div
          className={cn(
            "relative isolate overflow-hidden rounded-3xl bg-foreground px-6 py-14",
            "text-center text-background shadow-xl sm:px-12 sm:py-20 dark:border",
            "dark:bg-card dark:text-foreground",
          )}
        >
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
            <div className="absolute -top-40 -left-32 h-120 w-120 bg-radial from-primary/45 to-transparent to-70%" />
            <div className="absolute -right-32 -bottom-48 h-120 w-120 bg-radial from-cyan-500/30 to-transparent to-70%" />
            <div className={cn("absolute inset-0", "bg-grid-lines-current", "bg-size-[3rem_3rem] opacity-[0.04]")} />
          </div>
          <h2 id={id} className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-pretty text-background/75 dark:text-muted-foreground">
            {lead}
          </p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButtons primary={primary} secondary={secondary} />
          </div>
        </div>
      </Container>
    </Section>
  );
}
