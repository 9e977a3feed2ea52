import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { faq as englishFaq } from "#content/faq.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Container } from "../../components/ui/section.tsx";
import { legalContent, useLegalContent } from "../../features/marketing/legal-content.ts";
import { PageHero } from "../../features/marketing/page-hero.tsx";
import { useContent } from "../../i18n/content.ts";
import { Link } from "../../i18n/link.tsx";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["content-legal", "content-faq", "content-company"] };

export function meta() {
  const { faqPage } = legalContent();
  return pageMeta({ title: faqPage.title, description: faqPage.lead, path: paths.faq() });
}

/** The questions the chat assistant answers from, as a page: each answer opens in place. */
export default function FaqPage() {
  const { t } = useTranslation();
  const { faqPage } = useLegalContent();
  const { faq } = useContent("faq", { faq: englishFaq });
  return (
    <>
      <PageHero id="faq-title" eyebrow={t("footer.faq")} title={faqPage.title} lead={faqPage.lead} />
      <Container className="max-w-3xl py-12 sm:py-16">
        <ul className="grid gap-3" data-testid="faq-list">
          {faq.map((entry) => (
            <li key={entry.id} id={entry.id}>
              <details className="group rounded-xl border bg-card p-5 shadow-xs open:shadow-sm">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 font-semibold text-foreground">
                  <span>{entry.question}</span>
                  <ChevronDown
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  />
                </summary>
                <p className="mt-3 leading-relaxed text-muted-foreground">{entry.answer}</p>
                <Link
                  to={entry.link.href}
                  className="mt-3 inline-block text-sm font-medium text-primary hover:underline"
                >
                  {entry.link.label}
                </Link>
              </details>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
