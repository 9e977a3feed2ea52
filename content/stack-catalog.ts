/**
 * The tech stack advisor's knowledge: complete stacks the company builds and supports, what each
 * is good and weak at, and the price ranges it quotes. The scoring engine
 * (server/modules/advisor/advisor-engine.ts) reads only this file, so changing a recommendation
 * is a content edit. Prices are indicative ranges in US dollars; the engine converts them with the
 * rates below, which staff update when exchange rates move.
 */

export type ProjectKind = "website" | "online-shop" | "mobile-app" | "saas" | "internal-system" | "data-ai";
export type SkillKey = "javascript" | "typescript" | "python" | "php" | "java" | "dart";
export type Capability = "mobile-money" | "offline" | "multilingual" | "regulated-data" | "real-time";

/** How skills are written in explanations. */
export const skillNames: Record<SkillKey, string> = {
  javascript: "JavaScript",
  typescript: "TypeScript",
  python: "Python",
  php: "PHP",
  java: "Java",
  dart: "Dart",
};

export interface StackTemplate {
  id: string;
  name: string;
  summary: string;
  frontend: string[];
  backend: string[];
  database: string[];
  /** Always part of the stack; hosting itself follows the visitor's preference. */
  extras: string[];
  /** 0-30: how well the stack suits each kind of project (absent = not suited). */
  fit: Partial<Record<ProjectKind, number>>;
  /** Skills that make the team productive on this stack from day one. */
  skills: SkillKey[];
  /** Must-haves the stack handles well (+) or poorly (-); absent = neutral. */
  strengths: Capability[];
  weaknesses: Capability[];
  /** How far the stack scales without a redesign. */
  scale: "small" | "medium" | "large";
  /** Relative build effort: 1 = quickest and cheapest. */
  effort: 1 | 2 | 3;
  /** Names of the company's services (content/services.ts) that deliver it. */
  services: string[];
  /** Trade-offs worth knowing whatever the answers (message codes). */
  tradeOffs: string[];
}

export const stackTemplates: StackTemplate[] = [
  {
    id: "typescript-platform",
    name: "TypeScript web platform",
    summary: "One language end to end: a React front end and a Node.js API on PostgreSQL, packaged with Docker.",
    frontend: ["React", "TypeScript"],
    backend: ["Node.js", "TypeScript"],
    database: ["PostgreSQL"],
    extras: ["Docker", "Redis"],
    fit: { saas: 30, "internal-system": 24, "online-shop": 20, website: 12, "mobile-app": 8, "data-ai": 10 },
    skills: ["javascript", "typescript"],
    strengths: ["real-time", "mobile-money", "multilingual", "offline"],
    weaknesses: [],
    scale: "large",
    effort: 2,
    services: ["Custom Web Applications", "UI/UX Design", "Managed Infrastructure & DevOps"],
    tradeOffs: ["tradeoff.jsEcosystemChurn"],
  },
  {
    id: "fast-content-site",
    name: "Fast content website",
    summary: "Pages built ahead of time and served from a CDN or a small VPS, edited through a simple CMS.",
    frontend: ["Astro", "TypeScript"],
    backend: ["Headless CMS"],
    database: ["SQLite"],
    extras: ["CDN"],
    fit: { website: 30, "online-shop": 4 },
    skills: ["javascript", "typescript"],
    strengths: ["multilingual", "offline"],
    weaknesses: ["real-time", "regulated-data", "mobile-money"],
    scale: "large",
    effort: 1,
    services: ["Corporate Websites", "UI/UX Design", "Managed Web Hosting"],
    tradeOffs: ["tradeoff.staticLimitsInteractivity"],
  },
  {
    id: "python-django",
    name: "Python web platform",
    summary:
      "Django on PostgreSQL: built-in admin, permissions and audit trails, with a React front end where screens need it.",
    frontend: ["React", "Django templates"],
    backend: ["Python", "Django"],
    database: ["PostgreSQL"],
    extras: ["Docker", "Celery"],
    fit: { "internal-system": 30, saas: 22, "data-ai": 18, website: 10, "online-shop": 10 },
    skills: ["python"],
    strengths: ["regulated-data", "multilingual", "mobile-money"],
    weaknesses: ["real-time"],
    scale: "large",
    effort: 2,
    services: ["Custom Web Applications", "Business Process Automation", "Data Protection Compliance"],
    tradeOffs: ["tradeoff.twoLanguages"],
  },
  {
    id: "data-ai-platform",
    name: "Data and AI product",
    summary: "A Python API (FastAPI) for models and pipelines, PostgreSQL with vector search, and a React dashboard.",
    frontend: ["React", "TypeScript"],
    backend: ["Python", "FastAPI"],
    database: ["PostgreSQL", "pgvector"],
    extras: ["Docker", "AWS"],
    fit: { "data-ai": 30, saas: 12, "internal-system": 10 },
    skills: ["python"],
    strengths: ["real-time", "regulated-data"],
    weaknesses: ["offline"],
    scale: "large",
    effort: 3,
    services: ["Data Analytics & Business Intelligence", "Predictive Modelling", "AI Chatbots & Virtual Assistants"],
    tradeOffs: ["tradeoff.gpuCosts", "tradeoff.dataQuality"],
  },
  {
    id: "flutter-mobile",
    name: "Cross-platform mobile app",
    summary: "One Flutter code base for Android and iOS, working offline, with a Node.js API on PostgreSQL behind it.",
    frontend: ["Flutter", "Dart"],
    backend: ["Node.js", "TypeScript"],
    database: ["PostgreSQL", "SQLite on the device"],
    extras: ["Docker", "Push notifications"],
    fit: { "mobile-app": 30, "online-shop": 10, saas: 8 },
    skills: ["dart", "javascript", "typescript"],
    strengths: ["offline", "mobile-money", "real-time", "multilingual"],
    weaknesses: [],
    scale: "large",
    effort: 3,
    services: ["Mobile App Development", "UI/UX Design", "Custom Web Applications"],
    tradeOffs: ["tradeoff.appStoreReviews"],
  },
  {
    id: "woocommerce-shop",
    name: "Online shop on WordPress and WooCommerce",
    summary: "A proven shop platform with mobile-money checkout, managed by your team from a familiar dashboard.",
    frontend: ["WordPress theme"],
    backend: ["PHP", "WooCommerce"],
    database: ["MySQL"],
    extras: ["Mobile-money checkout plugin", "CDN"],
    fit: { "online-shop": 28, website: 18 },
    skills: ["php"],
    strengths: ["mobile-money", "multilingual"],
    weaknesses: ["real-time", "regulated-data", "offline"],
    scale: "medium",
    effort: 1,
    services: ["Corporate Websites", "Managed Web Hosting", "SSL Certificates"],
    tradeOffs: ["tradeoff.pluginUpkeep"],
  },
  {
    id: "laravel-platform",
    name: "PHP web application on Laravel",
    summary: "Laravel on MySQL for teams that know PHP: quick to build, cheap to host, easy to hire for.",
    frontend: ["Blade", "Alpine.js"],
    backend: ["PHP", "Laravel"],
    database: ["MySQL"],
    extras: ["Redis"],
    fit: { "internal-system": 22, website: 14, "online-shop": 16, saas: 16 },
    skills: ["php"],
    strengths: ["mobile-money", "multilingual"],
    weaknesses: ["real-time", "offline"],
    scale: "medium",
    effort: 1,
    services: ["Custom Web Applications", "Managed Web Hosting"],
    tradeOffs: ["tradeoff.phpPerception"],
  },
  {
    id: "java-enterprise",
    name: "Java enterprise system",
    summary: "Spring Boot services on PostgreSQL for large organisations with Java teams and strict controls.",
    frontend: ["React", "TypeScript"],
    backend: ["Java", "Spring Boot"],
    database: ["PostgreSQL"],
    extras: ["Docker", "Keycloak"],
    fit: { "internal-system": 24, saas: 14 },
    skills: ["java"],
    strengths: ["regulated-data", "multilingual"],
    weaknesses: ["offline"],
    scale: "large",
    effort: 3,
    services: ["Legacy System Modernisation", "ERP & CRM Implementation", "Custom Web Applications"],
    tradeOffs: ["tradeoff.heavierBuild"],
  },
];

export interface HostingOption {
  name: string;
  technologies: string[];
  services: string[];
}

export const hostingOptions: Record<"local-dc" | "cloud" | "company-vps", HostingOption> = {
  "local-dc": {
    name: "Local data centre",
    technologies: ["Local data centre (Kigali, Kampala or Nairobi)", "Docker"],
    services: ["Managed Infrastructure & DevOps"],
  },
  cloud: {
    name: "Public cloud",
    technologies: ["AWS (Cape Town region)", "Docker"],
    services: ["Cloud Migration", "Managed Infrastructure & DevOps"],
  },
  "company-vps": { name: "Our VPS", technologies: ["KTS VPS", "Docker"], services: ["VPS Hosting"] },
};

/** Indicative price and duration per kind of project, for a small audience and no must-haves (USD). */
export const projectPricing: Record<
  ProjectKind,
  { minUsd: number; maxUsd: number; minWeeks: number; maxWeeks: number }
> = {
  website: { minUsd: 1_200, maxUsd: 4_000, minWeeks: 2, maxWeeks: 6 },
  "online-shop": { minUsd: 2_500, maxUsd: 9_000, minWeeks: 4, maxWeeks: 10 },
  "mobile-app": { minUsd: 8_000, maxUsd: 30_000, minWeeks: 10, maxWeeks: 24 },
  saas: { minUsd: 12_000, maxUsd: 45_000, minWeeks: 12, maxWeeks: 28 },
  "internal-system": { minUsd: 6_000, maxUsd: 25_000, minWeeks: 8, maxWeeks: 20 },
  "data-ai": { minUsd: 10_000, maxUsd: 40_000, minWeeks: 10, maxWeeks: 26 },
};

/** What the budget bands mean, in US dollars (shown to visitors converted to their currency). */
export const budgetBandsUsd = {
  low: { max: 3_000 },
  medium: { min: 3_000, max: 15_000 },
  high: { min: 15_000 },
} as const;

/** Cost multipliers: bigger audiences and each must-have add work; effort scales the whole range. */
export const pricingFactors = {
  audience: { small: 1, medium: 1.2, large: 1.5 },
  perMustHave: 0.1,
  effort: { 1: 0.8, 2: 1, 3: 1.25 },
} as const;

/** Local currency per US dollar, for showing prices (indicative; staff keep them current). */
export const exchangeRates = { USD: 1, RWF: 1_450, UGX: 3_700, KES: 129 } as const;
