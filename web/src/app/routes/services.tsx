import { ArrowRight, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import { company as englishCompany } from "#content/company.ts";
import { freeTools as englishFreeTools, serviceCategories as englishServiceCategories } from "#content/services.ts";
import type { ServiceCategory } from "#content/types.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { Container, ContentSection } from "../../components/ui/section.tsx";
import { CtaBanner } from "../../features/marketing/cta-banner.tsx";
import { IconTile } from "../../components/ui/icon-tile.tsx";
import { PageHero } from "../../features/marketing/page-hero.tsx";
import { ServiceCard } from "../../features/marketing/service-card.tsx";
import { ToolCard } from "../../features/marketing/tool-card.tsx";
import { cn } from "../../lib/cn.ts";
import { localized, useContent } from "../../i18n/content.ts";
import { i18n } from "../../i18n/index.ts";
import { formatList } from "../../lib/intl.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["services", "content-services", "content-company"] };

export function meta() {
  const { company } = localized("company", { company: englishCompany });
  const countries = formatList(company.countriesServed);
  return pageMeta({
    title: i18n.t("meta.title", { ns: "services" }),
    description: i18n.t("meta.description", { ns: "services", countries }),
    path: paths.services(),
  });
}

export default function ServicesPage() {
  const { t } = useTranslation("services");
  const { company } = useContent("company", { company: englishCompany });
  const { serviceCategories } = useContent("services", { serviceCategories: englishServiceCategories });
  const countries = formatList(company.countriesServed);
  return (
    <>
      <PageHero
        id="services-title"
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title")}
        lead={t("hero.lead", { countries })}
      >
        <nav aria-label={t("hero.navLabel")} className="mx-auto mt-10 max-w-4xl">
          <ul className="flex flex-wrap justify-center gap-2">
            {serviceCategories.map((category) => (
              <li key={category.id}>
                <a
                  href={`#${category.id}`}
                  className={cn(
                    "inline-flex h-10 items-center gap-2 rounded-full border bg-card/80",
                    "px-4 text-sm font-medium text-foreground shadow-xs backdrop-blur",
                    "transition-colors hover:border-primary/40 hover:text-primary",
                  )}
                >
                  <Icon name={category.icon} className="size-4 text-primary" />
                  {category.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      {serviceCategories.map((category, index) => (
        <CategorySection key={category.id} category={category} shaded={index % 2 === 1} />
      ))}

      <FreeTools />
      <ServicesCta />
    </>
  );
}

function CategorySection({ category, shaded }: { category: ServiceCategory; shaded: boolean }) {
  const { t } = useTranslation("services");
  const titleId = `${category.id}-title`;
  return (
    <section
      id={category.id}
      aria-labelledby={titleId}
      className={cn("scroll-mt-16 py-16 sm:py-24", shaded && "border-y bg-muted/40")}
    >
      <Container className="grid grid-cols-1 gap-10 lg:grid-cols-12 lg:gap-12">
        <div className="lg:sticky lg:top-28 lg:col-span-4 lg:self-start">
          <IconTile size="lg">
            <Icon name={category.icon} />
          </IconTile>
          <h2 id={titleId} className="mt-6 text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
            {category.title}
          </h2>
          <p className="mt-3 leading-relaxed text-pretty text-muted-foreground">{category.description}</p>
          <Link className={buttonClasses("primary", "md", "mt-6")} to={paths.contact()} aria-describedby={titleId}>
            {t("category.requestConsultation")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:col-span-8">
          {category.services.map((service) => (
            <li key={service.name} className="flex">
              <ServiceCard
                service={service}
                popularLabel={t("category.mostPopular")}
                timeframeLabel={t("category.timeframe")}
              />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function FreeTools() {
  const { t } = useTranslation("services");
  const { freeTools } = useContent("services", { freeTools: englishFreeTools });
  return (
    <ContentSection
      name="free-tools"
      eyebrow={t("freeTools.eyebrow")}
      title={t("freeTools.title")}
      lead={t("freeTools.lead")}
    >
      <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-3">
        {freeTools.map((tool) => (
          <li key={tool.id} className="flex">
            <ToolCard tool={tool} badge={t("freeTools.badge")} />
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

function ServicesCta() {
  const { t } = useTranslation("services");
  const { company } = useContent("company", { company: englishCompany });
  return (
    <CtaBanner
      id="services-cta-title"
      title={t("cta.title")}
      lead={t("cta.lead", { responseTime: company.support.responseTime })}
      primary={{ to: paths.contact(), label: t("cta.primary") }}
      secondary={{ to: paths.techStackAdvisor(), label: t("cta.secondary"), icon: Sparkles }}
    />
  );
}
