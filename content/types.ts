/**
 * Shared types for the site's content layer.
 *
 * Everything under content/ is plain data, types and pure functions. Nothing
 * here may import React or any module outside content/. Icons are referenced
 * by a string key that the web layer maps to a lucide-react component.
 */

/**
 * Icon keys used by the content files. Each key is the kebab-case name of a
 * lucide icon (https://lucide.dev/icons). The union lists exactly the keys the
 * content uses; add a key here when content needs a new icon, and map it in
 * the web layer.
 */
export type IconKey =
  | "award"
  | "brain"
  | "cloud"
  | "code"
  | "gauge"
  | "globe"
  | "handshake"
  | "headphones"
  | "heart"
  | "layers"
  | "lightbulb"
  | "refresh-cw"
  | "rocket"
  | "search"
  | "server"
  | "shield"
  | "users";

/* ------------------------------------------------------------------ */
/* Company                                                             */
/* ------------------------------------------------------------------ */

export interface PhoneNumber {
  /** Human-readable form, e.g. "+250 788 000 000". */
  readonly display: string;
  /** Digits for a tel: link, without the "tel:" prefix, e.g. "+250788000000". */
  readonly href: string;
}

export interface WebsiteAddress {
  /** Form shown in copy, e.g. "www.kigalitech.rw". */
  readonly display: string;
  /** Absolute URL, e.g. "https://www.kigalitech.rw". */
  readonly url: string;
}

export interface Headquarters {
  readonly city: string;
  readonly country: string;
  readonly address: string;
}

export interface SocialLinks {
  readonly linkedin: string;
  readonly github: string;
  readonly x: string;
}

export interface BusinessHours {
  readonly days: string;
  readonly hours: string;
}

export interface SupportInfo {
  readonly available: string;
  readonly responseTime: string;
  readonly note: string;
}

/** A WhatsApp number: shown as `display`; `href` is its https://wa.me/<digits> click-to-chat link. */
export interface WhatsAppNumber {
  readonly display: string;
  readonly href: string;
}

export interface Company {
  readonly name: string;
  readonly shortName: string;
  readonly tagline: string;
  /** Default meta description; at most 160 characters. */
  readonly description: string;
  readonly assistantName: string;
  readonly foundedYear: number;
  readonly copyrightYear: number;
  readonly headquarters: Headquarters;
  readonly phone: PhoneNumber;
  readonly whatsapp: WhatsAppNumber;
  readonly email: string;
  readonly website: WebsiteAddress;
  readonly socials: SocialLinks;
  readonly businessHours: readonly BusinessHours[];
  readonly support: SupportInfo;
  readonly countriesServed: readonly string[];
}

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/* ------------------------------------------------------------------ */
/* Stats                                                               */
/* ------------------------------------------------------------------ */

export interface Stat {
  value: string;
  label: string;
  icon: IconKey;
}

export interface Figures {
  readonly projects: string;
  readonly clients: string;
  readonly countries: string;
  readonly support: string;
}

/* ------------------------------------------------------------------ */
/* Services                                                            */
/* ------------------------------------------------------------------ */

export interface Service {
  name: string;
  description: string;
  /** Exactly four items. */
  features: readonly string[];
  /** e.g. "2-8 weeks", "Instant Provisioning", "Ongoing Service". */
  timeframe: string;
  /** Exactly one service per category is marked popular. */
  popular: boolean;
}

export interface ServiceCategory {
  /** Kebab-case slug, usable as an anchor or form value. */
  id: string;
  title: string;
  description: string;
  icon: IconKey;
  /** Exactly four services. */
  services: readonly Service[];
}

export interface FreeTool {
  id: string;
  title: string;
  description: string;
  href: string;
  icon: IconKey;
  cta: string;
}

/* ------------------------------------------------------------------ */
/* Featured services and quick links                                   */
/* ------------------------------------------------------------------ */

export type FeaturedBadge = "Featured" | "Popular" | "New" | "Pro";

export interface FeaturedService {
  title: string;
  description: string;
  badge: FeaturedBadge;
  href: string;
  icon: IconKey;
  /** Three short items. */
  highlights: readonly string[];
  cta: string;
}

export interface QuickLink {
  label: string;
  href: string;
  icon: IconKey;
}

/* ------------------------------------------------------------------ */
/* Testimonials                                                        */
/* ------------------------------------------------------------------ */

export interface Testimonial {
  name: string;
  company: string;
  role: string;
  content: string;
  /** Integer from 1 to 5. */
  rating: 1 | 2 | 3 | 4 | 5;
  initials: string;
}

/* ------------------------------------------------------------------ */
/* Technologies                                                        */
/* ------------------------------------------------------------------ */

export type TechnologyCategory = "Frontend" | "Backend" | "Language" | "Database" | "DevOps" | "Cloud" | "Mobile";

export interface Technology {
  name: string;
  category: TechnologyCategory;
  /** Integer percentage, 0-100. */
  popularity: number;
}

/* ------------------------------------------------------------------ */
/* About                                                               */
/* ------------------------------------------------------------------ */

export interface ImpactItem {
  readonly value: string;
  readonly label: string;
  readonly description: string;
}

export interface CoreValue {
  readonly title: string;
  readonly description: string;
  readonly icon: IconKey;
}

export interface TimelineEntry {
  readonly year: number;
  readonly title: string;
  readonly description: string;
}

export interface AboutContent {
  readonly intro: string;
  readonly mission: string;
  readonly vision: string;
  /** Exactly four items. */
  readonly impact: readonly ImpactItem[];
  /** Exactly four core values. */
  readonly values: readonly CoreValue[];
  /** One entry per year, in ascending order. */
  readonly timeline: readonly TimelineEntry[];
}

/* ------------------------------------------------------------------ */
/* Founder                                                             */
/* ------------------------------------------------------------------ */

export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface HeadlineFigure {
  value: string;
  label: string;
}

export interface FounderSkill {
  name: string;
  category: string;
  /** ISO date (YYYY-MM-DD) from which experience in this skill is computed. */
  since: string;
  /** Integer percentage, 0-100. */
  percentage: number;
}

export interface Achievement {
  year: string;
  title: string;
  description: string;
  impact: string;
  /** Exactly one achievement (the most recent) is current. */
  current: boolean;
}

export interface ResearchProject {
  title: string;
  period: string;
  category: string;
  description: string;
  technologies: readonly string[];
}

export type DegreeLevel = "Doctorate" | "Master's" | "Bachelor's" | "Postgraduate Diploma" | "Certificate";

export interface Degree {
  degree: string;
  institution: string;
  field: string;
  level: DegreeLevel;
}

export type CertificationCategory = "Cloud" | "Security" | "AI" | "DevOps" | "Management";

export interface Certification {
  name: string;
  provider: string;
  category: CertificationCategory;
}

export interface FounderProfile {
  /** URL slug, e.g. "jean-paul-habimana". */
  handle: string;
  name: string;
  title: string;
  location: string;
  photo: ImageAsset;
  email: string;
  phone: PhoneNumber;
  linkedin: string;
  github: string;
  /** Two or three paragraphs. */
  about: readonly string[];
  /** Six to eight key competencies. */
  competencies: readonly string[];
  mission: string;
  /** ISO date (YYYY-MM-DD) when CEO leadership began; durations are computed from it. */
  careerStart: string;
  /** Exactly five figures. */
  headlineFigures: readonly HeadlineFigure[];
  /** Exactly six skills. */
  skills: readonly FounderSkill[];
  /** Exactly four achievements. */
  achievements: readonly Achievement[];
  /** Exactly two research projects. */
  research: readonly ResearchProject[];
  /** Exactly five degrees. */
  degrees: readonly Degree[];
  /** Exactly nine certifications. */
  certifications: readonly Certification[];
}

/* ------------------------------------------------------------------ */
/* Durations                                                           */
/* ------------------------------------------------------------------ */

export interface Elapsed {
  totalDays: number;
  years: number;
  months: number;
  days: number;
}
