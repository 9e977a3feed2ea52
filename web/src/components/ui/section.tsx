import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

export function Container({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8", className)} {...props} />;
}

/** A page band. `tinted` gives it the muted background and hairlines that alternate bands use. */
export function Section({ className, tinted = false, ...props }: ComponentProps<"section"> & { tinted?: boolean }) {
  return <section className={cn("py-16 sm:py-24", tinted && "border-y bg-muted/40", className)} {...props} />;
}

/** Eyebrow, heading and lead paragraph, the opening of every content section. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  align = "center",
  as: Heading = "h2",
  id,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  align?: "center" | "left";
  as?: "h1" | "h2";
  id?: string;
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
      <Heading
        id={id}
        className={cn(
          "mt-2 font-bold tracking-tight text-balance break-words text-foreground",
          // On the narrowest phones (320 px) a long word (Kinyarwanda's "Abafatanyabikorwa") still fits.
          Heading === "h1" ? "text-[clamp(1.75rem,9vw,2.25rem)] sm:text-5xl" : "text-3xl sm:text-4xl",
        )}
      >
        {title}
      </Heading>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-pretty text-muted-foreground">{lead}</p> : null}
    </div>
  );
}

/**
 * A content band: Section, Container and a centred SectionHeading, then the body. The heading's
 * id is `${name}-title` and labels the section.
 */
export function ContentSection({
  name,
  eyebrow,
  title,
  lead,
  tinted = false,
  children,
}: {
  name: string;
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}) {
  const titleId = `${name}-title`;
  return (
    <Section aria-labelledby={titleId} tinted={tinted}>
      <Container>
        <SectionHeading id={titleId} eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </Container>
    </Section>
  );
}
