/**
 * The English content each translation overlays (content/locales/<lang>/<module>.json has the
 * same shape). Brand names are written as {{company}} and {{short}} in overlays, so a rebrand
 * in company.ts reaches every language.
 */
import { about } from "../about.ts";
import { company } from "../company.ts";
import { faq } from "../faq.ts";
import { featuredServices, quickLinks } from "../featured.ts";
import { founder } from "../founder.ts";
import { cookieStatement, dataProtection, faqPage, legalUpdated, privacyPolicy, termsOfService } from "../legal.ts";
import { freeTools, serviceCategories } from "../services.ts";
import { hostingOptions, skillNames, stackTemplates } from "../stack-catalog.ts";
import { stats } from "../stats.ts";
import { technologies } from "../technologies.ts";
import { testimonials } from "../testimonials.ts";
import { vpsAddons, vpsImages, vpsLocations, vpsPeriods, vpsPlans } from "../vps.ts";

export const englishContent = {
  about: { about },
  company: { company },
  faq: { faq },
  featured: { featuredServices, quickLinks },
  founder: { founder },
  legal: { privacyPolicy, termsOfService, cookieStatement, dataProtection, legalUpdated, faqPage },
  services: { serviceCategories, freeTools },
  "stack-catalog": { skillNames, stackTemplates, hostingOptions },
  stats: { stats },
  technologies: { technologies },
  testimonials: { testimonials },
  vps: { vpsPlans, vpsLocations, vpsImages, vpsPeriods, vpsAddons },
} as const;

export type ContentModuleName = keyof typeof englishContent;

export { untranslatedContentKeys } from "./identity-keys.ts";

/** English text as an overlay would write it: brand names as placeholders. */
export function brandPlaceholders(text: string): string {
  return text.replaceAll(company.name, "{{company}}").replace(/\bKTS\b/g, "{{short}}");
}
