import { Eye, Globe, Mail, MapPin, Phone, Target } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { about as englishAbout } from "#content/about.ts";
import { company as englishCompany } from "#content/company.ts";
import { pageMeta } from "../../components/seo/page-meta.ts";
import { Card } from "../../components/ui/card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { Container, ContentSection } from "../../components/ui/section.tsx";
import { ContactCard } from "../../features/marketing/contact-card.tsx";
import { CtaBanner } from "../../features/marketing/cta-banner.tsx";
import { IconTile } from "../../components/ui/icon-tile.tsx";
import { PageHero } from "../../features/marketing/page-hero.tsx";
import { StatTile } from "../../features/marketing/stat-tile.tsx";
import { Timeline } from "../../features/marketing/timeline.tsx";
import { localized, useContent } from "../../i18n/content.ts";
import { i18n } from "../../i18n/index.ts";
import { formatList, keepTogether } from "../../lib/intl.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";
import { paths } from "../../lib/route-table.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["about", "content-about", "content-company"] };

export function meta() {
  const { company } = localized("company", { company: englishCompany });
  return pageMeta({
    title: i18n.t("meta.title", { ns: "about" }),
    description: i18n.t("meta.description", {
      ns: "about",
      company: company.name,
      countries: formatList(company.countriesServed),
      year: company.foundedYear,
    }),
    path: paths.about(),
  });
}

const useAbout = () => useContent("about", { about: englishAbout }).about;
const useCompany = () => useContent("company", { company: englishCompany }).company;

export default function AboutPage() {
  const { t } = useTranslation("about");
  const about = useAbout();
  const company = useCompany();
  return (
    <>
      <PageHero
        id="about-title"
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title", { year: company.foundedYear })}
        lead={about.intro}
      />
      <MissionVision />
      <Impact />
      <Values />
      <Journey />
      <ContactDetails />
      <CtaBanner
        id="about-cta-title"
        title={t("cta.title")}
        lead={t("cta.lead")}
        primary={{ to: paths.contact(), label: t("cta.primary") }}
        secondary={{ to: paths.services(), label: t("cta.secondary") }}
      />
    </>
  );
}

function StatementCard({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: string;
}) {
  return (
    <section aria-labelledby={id} className="flex">
      <Card className="w-full p-7 sm:p-10">
        <IconTile size="lg">{icon}</IconTile>
        <h2 id={id} className="mt-6 text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          {title}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-pretty text-foreground/85">{children}</p>
      </Card>
    </section>
  );
}

function MissionVision() {
  const { t } = useTranslation("about");
  const about = useAbout();
  return (
    <div className="py-16 sm:py-24">
      <Container className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <StatementCard id="mission-title" icon={<Target aria-hidden="true" />} title={t("mission.title")}>
          {about.mission}
        </StatementCard>
        <StatementCard id="vision-title" icon={<Eye aria-hidden="true" />} title={t("vision.title")}>
          {about.vision}
        </StatementCard>
      </Container>
    </div>
  );
}

function Impact() {
  const { t } = useTranslation("about");
  const about = useAbout();
  return (
    <ContentSection
      name="impact"
      tinted
      eyebrow={t("impact.eyebrow")}
      title={t("impact.title")}
      lead={t("impact.lead")}
    >
      <ul className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {about.impact.map((item) => (
          <StatTile
            key={item.label}
            value={item.value}
            label={item.label}
            description={item.description}
            className="rounded-2xl border bg-card p-6 shadow-sm"
            icon={
              <span
                aria-hidden="true"
                className="block h-1 w-10 rounded-full bg-linear-to-r from-primary to-cyan-500"
              />
            }
          />
        ))}
      </ul>
    </ContentSection>
  );
}

function Values() {
  const { t } = useTranslation("about");
  const about = useAbout();
  return (
    <ContentSection name="values" eyebrow={t("values.eyebrow")} title={t("values.title")} lead={t("values.lead")}>
      <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {about.values.map((value) => (
          <li key={value.title} className="flex">
            <Card className="w-full p-6">
              <IconTile>
                <Icon name={value.icon} />
              </IconTile>
              <h3 className="mt-5 text-lg font-semibold tracking-tight text-foreground">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{value.description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}

function Journey() {
  const { t } = useTranslation("about");
  const about = useAbout();
  const company = useCompany();
  return (
    <ContentSection
      name="timeline"
      tinted
      eyebrow={t("timeline.eyebrow")}
      title={t("timeline.title")}
      lead={t("timeline.lead", { year: company.foundedYear })}
    >
      <div className="mt-14">
        <Timeline entries={about.timeline} />
      </div>
    </ContentSection>
  );
}

function ContactDetails() {
  const { t } = useTranslation("about");
  const { t: tCommon } = useTranslation();
  const company = useCompany();
  const weekdays = company.businessHours[0];
  return (
    <ContentSection
      name="contact"
      eyebrow={t("contact.eyebrow")}
      title={t("contact.title")}
      lead={t("contact.lead", { city: company.headquarters.city, responseTime: company.support.responseTime })}
    >
      <ul className="mt-12 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <li className="flex">
          <ContactCard
            icon={<Phone aria-hidden="true" />}
            title={t("contact.phone")}
            value={keepTogether(company.phone.display)}
            link={{ href: `tel:${company.phone.href}` }}
            detail={weekdays ? t("contact.hours", { days: weekdays.days, hours: weekdays.hours }) : undefined}
          />
        </li>
        <li className="flex">
          <ContactCard
            icon={<Mail aria-hidden="true" />}
            title={t("contact.email")}
            value={company.email}
            link={{ href: `mailto:${company.email}` }}
            detail={t("contact.emailDetail", { responseTime: company.support.responseTime })}
          />
        </li>
        <li className="flex">
          <ContactCard
            icon={<MapPin aria-hidden="true" />}
            title={t("contact.location")}
            value={company.headquarters.address}
          />
        </li>
        <li className="flex">
          <ContactCard
            icon={<Globe aria-hidden="true" />}
            title={t("contact.website")}
            value={company.website.display}
            link={{ href: company.website.url, external: { newTabLabel: tCommon("common.externalLink") } }}
            detail={t("contact.websiteDetail")}
          />
        </li>
      </ul>
    </ContentSection>
  );
}
