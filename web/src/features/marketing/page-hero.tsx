import type { ReactNode } from "react";
import { Container, SectionHeading } from "../../components/ui/section.tsx";
import { GridBackdrop } from "../../components/ui/backdrop.tsx";

/**
 * The opening band of an inner page: eyebrow, the page's single <h1>, a lead paragraph and
 * optional extras (e.g. an in-page navigation). It slides under the transparent navbar.
 */
export function PageHero({
  id,
  eyebrow,
  title,
  lead,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="relative isolate -mt-16 overflow-hidden border-b pt-16">
      <GridBackdrop />
      <Container className="py-16 sm:py-24">
        <SectionHeading as="h1" id={id} eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </Container>
    </section>
  );
}
