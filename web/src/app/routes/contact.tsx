import { Clock, Headphones } from "lucide-react";
import { useTranslation } from "react-i18next";
import { company as englishCompany } from "#content/company.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Container, Section, SectionHeading } from "../../components/ui/section.tsx";
import { BusinessHoursCard, ContactInfoCards } from "../../features/contact/contact-details.tsx";
import { ContactForm } from "../../features/contact/contact-form.tsx";
import { Island } from "../../islands/island.tsx";
import { GridBackdrop } from "../../components/ui/backdrop.tsx";
import { localized, useContent } from "../../i18n/content.ts";
import { i18n } from "../../i18n/index.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["contact", "content-services", "content-company"] };

const pill =
  "inline-flex items-center gap-2 rounded-full border bg-card px-3.5 py-1.5 text-sm font-medium text-foreground shadow-xs";

export function meta() {
  const { company } = localized("company", { company: englishCompany });
  return pageMeta({
    title: i18n.t("meta.title", { ns: "contact" }),
    description: i18n.t("meta.description", {
      ns: "contact",
      company: company.name,
      responseTime: company.support.responseTime,
    }),
    path: paths.contact(),
  });
}

export default function ContactPage() {
  const { t } = useTranslation("contact");
  const { company } = useContent("company", { company: englishCompany });
  return (
    <>
      <section aria-labelledby="contact-title" className="relative isolate -mt-16 overflow-hidden border-b pt-16">
        <GridBackdrop />
        <Container className="py-16 sm:py-24">
          {/* Narrow enough that the title breaks the same way before and after the web font loads. */}
          <div className="mx-auto max-w-2xl">
            <SectionHeading
              as="h1"
              id="contact-title"
              eyebrow={t("hero.eyebrow")}
              title={t("hero.title")}
              lead={t("hero.lead", { responseTime: company.support.responseTime })}
            />
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <span className={pill}>
              <Clock aria-hidden="true" className="size-4 text-primary" />
              {t("hero.responseBadge", { responseTime: company.support.responseTime })}
            </span>
            <span className={pill}>
              <Headphones aria-hidden="true" className="size-4 text-primary" />
              {t("hero.supportBadge", { available: company.support.available })}
            </span>
          </div>
        </Container>
      </section>

      <Section className="pt-12 sm:pt-16">
        <Container className="grid grid-cols-1 items-start gap-10 lg:grid-cols-2 xl:gap-12">
          <Island name="contact-form" component={ContactForm} props={{}} load="interaction" />
          <div className="grid min-w-0 grid-cols-1 gap-8">
            <ContactInfoCards />
            <BusinessHoursCard />
          </div>
        </Container>
      </Section>
    </>
  );
}
