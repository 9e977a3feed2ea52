/**
 * Company identity and contact details.
 *
 * The name (brand.ts) and the contact values are placeholders: a rebrand changes them there and
 * here, and everything else in content/ picks them up.
 */
import { brand } from "./brand.ts";
import type { Company } from "./types.ts";

const { name, shortName } = brand;

export const company = {
  name,
  shortName,
  tagline: "Software, cloud and security for East African business",
  description: `${name} builds software, runs cloud hosting and secures systems for organisations in Rwanda, Uganda and Kenya. Based in Kigali since 2017.`,
  assistantName: `${shortName} Assistant`,
  foundedYear: 2017,
  copyrightYear: 2024,
  headquarters: {
    city: "Kigali",
    country: "Rwanda",
    address: "KG 7 Ave, Kigali Heights, Kigali, Rwanda",
  },
  phone: {
    display: "+250 788 000 000",
    href: "+250788000000",
  },
  /** WhatsApp click-to-chat: the number as shown, and its wa.me link (digits only, country code first). */
  whatsapp: {
    display: "+250 788 000 000",
    href: "https://wa.me/250788000000",
  },
  email: "info@kigalitech.rw",
  website: {
    display: "www.kigalitech.rw",
    url: "https://www.kigalitech.rw",
  },
  socials: {
    linkedin: "https://www.linkedin.com/company/kigali-tech-solutions",
    github: "https://github.com/kigali-tech-solutions",
    x: "https://x.com/kigalitech",
  },
  businessHours: [
    { days: "Monday - Friday", hours: "8:00 AM - 6:00 PM CAT" },
    { days: "Saturday", hours: "9:00 AM - 1:00 PM" },
    { days: "Sunday", hours: "Closed" },
  ],
  support: {
    available: "24/7",
    responseTime: "24 hours",
    note: "Clients on our hosting and managed security plans can reach an on-call engineer at any hour for outages and security incidents.",
  },
  countriesServed: ["Rwanda", "Uganda", "Kenya"],
} as const satisfies Company;
