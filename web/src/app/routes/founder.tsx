import { company as englishCompany } from "#content/company.ts";
import { founder as englishFounder } from "#content/founder.ts";
import { absoluteUrl, pageMeta } from "../../components/seo/page-meta.ts";
import { FounderHero } from "../../features/founder/founder-hero.tsx";
import {
  Achievements,
  CoreExpertise,
  Certifications,
  Education,
  FounderAbout,
  FounderCta,
  HeadlineFigures,
  Research,
} from "../../features/founder/founder-sections.tsx";
import { yearOf } from "../../features/founder/use-elapsed.ts";
import { localized } from "../../i18n/content.ts";
import { i18n } from "../../i18n/index.ts";
import type { CatalogHandle } from "../../i18n/page-catalogs.ts";

export const handle: CatalogHandle = { islands: true, i18n: ["founder", "content-founder", "content-company"] };

const path = `/${englishFounder.handle}`;

export function meta() {
  const { founder } = localized("founder", { founder: englishFounder });
  const { company } = localized("company", { company: englishCompany });
  return pageMeta({
    title: i18n.t("meta.title", { ns: "founder", name: founder.name, title: founder.title }),
    description: i18n.t("meta.description", {
      ns: "founder",
      name: founder.name,
      title: founder.title,
      company: company.name,
      year: yearOf(founder.careerStart),
    }),
    path,
    ogType: "profile",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      name: founder.name,
      jobTitle: founder.title,
      url: absoluteUrl(path),
      image: absoluteUrl(founder.photo.src),
      email: `mailto:${founder.email}`,
      telephone: founder.phone.href,
      address: {
        "@type": "PostalAddress",
        addressLocality: company.headquarters.city,
        addressCountry: company.headquarters.country,
      },
      worksFor: { "@type": "Organization", name: company.name, url: company.website.url },
      knowsAbout: founder.competencies,
      sameAs: [founder.linkedin, founder.github],
    },
  });
}

export default function FounderPage() {
  return (
    <>
      <FounderHero />
      <HeadlineFigures />
      <FounderAbout />
      <CoreExpertise />
      <Achievements />
      <Research />
      <Education />
      <Certifications />
      <FounderCta />
    </>
  );
}
