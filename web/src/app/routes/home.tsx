import { CalendarCheck, Info, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "../../i18n/link.tsx";
import { about as englishAbout } from "#content/about.ts";
import { company as englishCompany } from "#content/company.ts";
import { featuredServices as englishFeaturedServices, quickLinks as englishQuickLinks } from "#content/featured.ts";
import { stats as englishStats } from "#content/stats.ts";
import { technologies as englishTechnologies } from "#content/technologies.ts";
import { testimonials as englishTestimonials, testimonialsAreSample } from "#content/testimonials.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { Container, ContentSection, Section, SectionHeading } from "../../components/ui/section.tsx";
import { ArrowLink } from "../../features/marketing/arrow-link.tsx";
import { GridBackdrop } from "../../components/ui/backdrop.tsx";
import { CtaBanner } from "../../features/marketing/cta-banner.tsx";
import { FeaturedServiceCard } from "../../features/marketing/featured-service-card.tsx";
import { IconTile } from "../../components/ui/icon-tile.tsx";
import { LinkButtons } from "../../features/marketing/link-buttons.tsx";
import { PopularityMeter } from "../../features/marketing/popularity-meter.tsx";
import { StatTile } from "../../features/marketing/stat-tile.tsx";
import { TestimonialCard } from "../../features/marketing/testimonial-card.tsx";
import { localized, useContent } from "../../i18n/content.ts";
import { i18n } from "../../i18n/index.ts";
import { formatList } from "../../lib/intl.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";
import { cn } from "../../lib/cn.ts";

export const handle: CatalogHandle = {
  islands: true,
  i18n: [
    "home",
    "content-about",
    "content-company",
    "content-featured",
    "content-stats",
    "content-technologies",
    "content-testimonials",
  ],
};

/** schema.org Organization, built from the company record in the page's language. */
const organizationJsonLd = (company: typeof englishCompany) => ({
  "@context": "https://schema.org",
  "@type": "Organization",
  name: company.name,
  alternateName: company.shortName,
  description: company.description,
  url: company.website.url,
  logo: `${company.website.url}/favicon.svg`,
  email: company.email,
  telephone: company.phone.href,
  foundingDate: String(company.foundedYear),
  address: {
    "@type": "PostalAddress",
    streetAddress: company.headquarters.address,
    addressLocality: company.headquarters.city,
    addressCountry: "RW",
  },
  sameAs: Object.values(company.socials),
  areaServed: company.countriesServed.map((name) => ({ "@type": "Country", name })),
});

export function meta() {
  const { company } = localized("company", { company: englishCompany });
  return pageMeta({
    description: i18n.t("meta.description", {
      ns: "home",
      countries: formatList(company.countriesServed),
      company: company.name,
    }),
    path: "/",
    jsonLd: organizationJsonLd(company),
  });
}

const useCompany = () => useContent("company", { company: englishCompany }).company;

export default function HomePage() {
  return (
    <>
      <Hero />
      <FeaturedServices />
      <TechnologyGrid />
      <Testimonials />
      <AboutPreview />
      <HomeCta />
    </>
  );
}

function Hero() {
  const { t } = useTranslation("home");
  const company = useCompany();
  const { quickLinks } = useContent("featured", { quickLinks: englishQuickLinks });
  const { stats } = useContent("stats", { stats: englishStats });
  const countries = formatList(company.countriesServed);
  return (
    <section aria-labelledby="home-title" className="relative isolate -mt-16 overflow-hidden border-b pt-16">
      <GridBackdrop />
      <Container className="grid grid-cols-1 items-center gap-12 py-14 sm:py-20 lg:grid-cols-12 lg:gap-16 lg:py-28">
        <div className="lg:col-span-7">
          <p
            className={cn(
              "inline-flex max-w-full items-center gap-2 rounded-full border",
              "bg-card/80 px-3 py-1 text-xs font-medium text-muted-foreground",
              "shadow-xs backdrop-blur sm:text-sm",
            )}
          >
            <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-success" />
            {t("hero.eyebrow", { countries })}
          </p>
          <h1
            id="home-title"
            className={cn(
              "mt-6 text-[clamp(1.75rem,9vw,2.25rem)] font-bold tracking-tight text-balance break-words text-foreground",
              "sm:text-5xl lg:text-6xl lg:leading-[1.05]",
            )}
          >
            {t("hero.titleStart")}{" "}
            <span className="bg-linear-to-r from-primary to-cyan-600 bg-clip-text text-transparent dark:to-cyan-400">
              {t("hero.titleAccent")}
            </span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground sm:text-xl">
            {company.description}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <LinkButtons
              primary={{ to: paths.techStackAdvisor(), label: t("hero.aiCta"), icon: Sparkles }}
              secondary={{ to: paths.contact(), label: t("hero.consultationCta"), icon: CalendarCheck }}
            />
          </div>
          <nav aria-labelledby="home-quick-links" className="mt-10">
            <p id="home-quick-links" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t("hero.quickLinksLabel")}
            </p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {quickLinks.map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    className={cn(
                      "inline-flex h-9 items-center gap-2 rounded-full border bg-card/80",
                      "px-3.5 text-sm font-medium text-foreground shadow-xs backdrop-blur",
                      "transition-colors hover:border-primary/40 hover:text-primary",
                    )}
                  >
                    <Icon name={link.icon} className="size-4 text-primary" />
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="relative lg:col-span-5">
          <div
            aria-hidden="true"
            className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-linear-to-br from-primary/15 to-cyan-500/15 blur-2xl"
          />
          <div className="rounded-3xl border bg-card/85 p-2 shadow-xl shadow-primary/5 backdrop-blur sm:p-3">
            <h2 className="sr-only">{t("hero.statsHeading", { company: company.name })}</h2>
            <ul className="grid grid-cols-2 gap-2 sm:gap-3">
              {stats.map((stat) => (
                <StatTile
                  key={stat.icon}
                  value={stat.value}
                  label={stat.label}
                  className="rounded-2xl bg-muted/60 p-4 sm:p-6"
                  icon={
                    <IconTile size="sm">
                      <Icon name={stat.icon} />
                    </IconTile>
                  }
                />
              ))}
            </ul>
          </div>
        </div>
      </Container>
    </section>
  );
}

function FeaturedServices() {
  const { t } = useTranslation("home");
  const { featuredServices } = useContent("featured", { featuredServices: englishFeaturedServices });
  return (
    <ContentSection
      name="featured"
      eyebrow={t("featured.eyebrow")}
      title={t("featured.title")}
      lead={t("featured.lead")}
    >
      <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {featuredServices.map((service, index) => (
          <li key={service.href} className="flex">
            <FeaturedServiceCard service={service} tone={englishFeaturedServices[index]?.badge ?? "Featured"} />
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

function TechnologyGrid() {
  const { t } = useTranslation("home");
  const { technologies } = useContent("technologies", { technologies: englishTechnologies });
  return (
    <ContentSection
      name="technologies"
      tinted
      eyebrow={t("technologies.eyebrow")}
      title={t("technologies.title")}
      lead={t("technologies.lead")}
    >
      <ul className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {technologies.map((technology) => (
          <li key={technology.name}>
            <Card className="p-5">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-foreground">{technology.name}</p>
                  <Badge tone="neutral" className="mt-1.5">
                    {technology.category}
                  </Badge>
                </div>
                <p className="text-2xl font-bold tracking-tight text-foreground tabular-nums">
                  {technology.popularity}
                  <span className="text-base font-semibold text-muted-foreground">%</span>
                </p>
              </div>
              <PopularityMeter
                value={technology.popularity}
                label={t("technologies.meterLabel", { name: technology.name })}
                className="mt-5"
              />
            </Card>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

function Testimonials() {
  const { t } = useTranslation("home");
  const { testimonials } = useContent("testimonials", { testimonials: englishTestimonials });
  return (
    <ContentSection
      name="testimonials"
      eyebrow={t("testimonials.eyebrow")}
      title={t("testimonials.title")}
      lead={t("testimonials.lead")}
    >
      {testimonialsAreSample ? (
        <p
          className={cn(
            "mx-auto mt-6 flex w-fit max-w-full items-start gap-2 rounded-lg border",
            "bg-muted/60 px-3 py-2 text-xs leading-relaxed text-muted-foreground",
            "sm:items-center sm:rounded-full",
          )}
        >
          <Info aria-hidden="true" className="mt-px size-4 shrink-0 text-primary sm:mt-0" />
          {t("testimonials.sampleNote")}
        </p>
      ) : null}
      <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name} className="flex md:last:odd:col-span-2 lg:last:odd:col-span-1">
            <TestimonialCard
              testimonial={testimonial}
              ratingLabel={t("testimonials.rating", { rating: testimonial.rating })}
            />
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

function AboutPreview() {
  const { t } = useTranslation("home");
  const { about } = useContent("about", { about: englishAbout });
  return (
    <Section aria-labelledby="about-preview-title" tinted>
      <Container className="grid grid-cols-1 gap-12 lg:grid-cols-2 lg:items-center lg:gap-16">
        <div>
          <SectionHeading
            id="about-preview-title"
            align="left"
            eyebrow={t("aboutPreview.eyebrow")}
            title={t("aboutPreview.title", { year: englishCompany.foundedYear })}
          />
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">{about.intro}</p>
          <div className="mt-8">
            <ArrowLink to={paths.about()}>{t("aboutPreview.cta")}</ArrowLink>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {about.values.map((value) => (
            <li key={value.icon}>
              <Card className="h-full p-5">
                <IconTile size="sm">
                  <Icon name={value.icon} />
                </IconTile>
                <h3 className="mt-4 font-semibold text-foreground">{value.title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{value.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  );
}

function HomeCta() {
  const { t } = useTranslation("home");
  const company = useCompany();
  return (
    <CtaBanner
      id="home-cta-title"
      title={t("cta.title")}
      lead={t("cta.lead", { responseTime: company.support.responseTime })}
      primary={{ to: paths.contact(), label: t("cta.primary") }}
      secondary={{ to: paths.services(), label: t("cta.secondary") }}
    />
  );
}
