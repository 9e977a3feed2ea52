import type { LegalDocument, LegalSection } from "#content/legal.ts";
import { Container } from "../../components/ui/section.tsx";
import { PageHero } from "./page-hero.tsx";
import type { ReactNode } from "react";
import { formatDate } from "../../lib/intl.ts";

/** One titled part of a legal page: its paragraphs, then its list. */
function Section({ section, id }: { section: LegalSection; id: string }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-foreground">
        {section.heading}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="leading-relaxed text-muted-foreground">
          {paragraph}
        </p>
      ))}
      {section.items ? (
        <ul className="grid list-disc gap-2 pl-5 leading-relaxed text-muted-foreground marker:text-primary">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A legal page: the document's title and lead, when it last changed, its sections and anything after them. */
export function LegalPage({
  id,
  eyebrow,
  document,
  updated,
  before,
  children,
}: {
  id: string;
  eyebrow: string;
  document: Pick<LegalDocument, "title" | "lead"> & { sections: LegalSection[] };
  updated: { label: string; value: string };
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHero id={id} eyebrow={eyebrow} title={document.title} lead={document.lead}>
        <p className="mt-6 text-sm text-muted-foreground">
          {updated.label}: <time dateTime={updated.value}>{formatDate(updated.value)}</time>
        </p>
      </PageHero>
      <Container className="grid max-w-3xl gap-10 py-12 sm:py-16">
        {before}
        {document.sections.map((section, index) => (
          <Section key={section.heading} section={section} id={`${id}-${index}`} />
        ))}
        {children}
      </Container>
    </>
  );
}
