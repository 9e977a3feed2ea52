import { founderHandle } from "#content/founder-handle.ts";
import { languages, localizePath, splitLanguage } from "#contracts/languages.ts";

/**
 * The site's one route table. React Router's config (routes.ts), prerendering, the server's
 * fallback handler, the sitemap and every link in the components (through `paths`) come from it,
 * so a new page is one entry here and its module. The server reads it too (a route table is data).
 */
interface RouteEntry {
  /** The English path; other languages add their prefix (/fr, /sw, /rw). */
  path: string;
  /** The route module, relative to web/src/app. */
  file: string;
  /**
   * `page`: prerendered content page; `tool`: a public interactive screen that is prerendered too
   * (the free tools and /payment: its fields wait for hydration); `screen`: a public interactive
   * screen served by the SPA fallback (order pages, account); `staff`: an English-only staff screen.
   */
  kind: "page" | "tool" | "screen" | "staff";
  /** Listed in the sitemap (with its language alternates). */
  sitemap?: { priority: number; changefreq: "daily" | "weekly" | "monthly" | "yearly" };
}

const page = <P extends string>(path: P, file: string, sitemap: RouteEntry["sitemap"]) =>
  ({ path, file, kind: "page", sitemap }) as const;
const screen = <P extends string>(path: P, file: string, sitemap?: RouteEntry["sitemap"]) =>
  ({ path, file, kind: "screen", ...(sitemap ? { sitemap } : {}) }) as const;
const tool = <P extends string>(path: P, file: string, sitemap: RouteEntry["sitemap"]) =>
  ({ path, file, kind: "tool", sitemap }) as const;
const staff = <P extends string>(path: P, file: string) => ({ path, file, kind: "staff" }) as const;

export const routeTable = {
  home: page("/", "routes/home.tsx", { priority: 1, changefreq: "weekly" }),
  services: page("/services", "routes/services.tsx", { priority: 0.9, changefreq: "monthly" }),
  about: page("/about", "routes/about.tsx", { priority: 0.7, changefreq: "monthly" }),
  contact: page("/contact", "routes/contact.tsx", { priority: 0.8, changefreq: "yearly" }),
  founder: page(`/${founderHandle}` as const, "routes/founder.tsx", { priority: 0.6, changefreq: "monthly" }),
  faq: page("/faq", "routes/faq.tsx", { priority: 0.6, changefreq: "monthly" }),
  privacy: page("/privacy", "routes/privacy.tsx", { priority: 0.3, changefreq: "yearly" }),
  terms: page("/terms", "routes/terms.tsx", { priority: 0.3, changefreq: "yearly" }),
  cookies: page("/cookies", "routes/cookies.tsx", { priority: 0.3, changefreq: "yearly" }),

  domains: tool("/domains", "routes/domains.tsx", { priority: 0.8, changefreq: "monthly" }),
  domainDetails: screen("/domain-details/:id", "routes/domain-details.tsx"),
  domainOrder: screen("/domains/order/:name", "routes/domain-order.tsx"),
  domainOrderStatus: screen("/domains/order-status/:token", "routes/domain-order-status.tsx"),
  techStackAdvisor: tool("/tech-stack-advisor", "routes/tech-stack-advisor.tsx", {
    priority: 0.7,
    changefreq: "monthly",
  }),
  speedAnalysis: tool("/speed-analysis", "routes/speed-analysis.tsx", { priority: 0.7, changefreq: "monthly" }),
  vpsHosting: tool("/vps-hosting", "routes/vps-hosting.tsx", { priority: 0.8, changefreq: "monthly" }),
  vpsOrder: screen("/vps-hosting/order/:token", "routes/vps-order.tsx"),
  payment: tool("/payment", "routes/payment.tsx", { priority: 0.5, changefreq: "yearly" }),
  paymentReceipt: screen("/payment/receipt", "routes/payment-receipt.tsx"),
  paymentFailed: screen("/payment/payment-failed", "routes/payment-failed.tsx"),
  account: screen("/account", "routes/account.tsx"),
  projectDetails: screen("/project-details/:id", "routes/project-details.tsx"),

  auth: staff("/auth", "routes/admin-login.tsx"),
  adminLogin: staff("/admin/login", "routes/admin-login.tsx"),
  admin: staff("/admin", "routes/admin/overview.tsx"),
  adminEnquiries: staff("/admin/enquiries", "routes/admin/enquiries.tsx"),
  adminEnquiry: staff("/admin/enquiries/:id", "routes/admin/enquiry.tsx"),
  adminProjects: staff("/admin/projects", "routes/admin/projects.tsx"),
  adminProject: staff("/admin/project/:id", "routes/admin/project.tsx"),
  adminStaff: staff("/admin/staff", "routes/admin/staff.tsx"),
  adminAudit: staff("/admin/audit", "routes/admin/audit.tsx"),
  adminChats: staff("/admin/chats", "routes/admin/chats.tsx"),
  adminPayments: staff("/admin/payments", "routes/admin/payments.tsx"),
  adminVps: staff("/admin/vps", "routes/admin/vps.tsx"),
  adminVpsOrder: staff("/admin/vps/orders/:id", "routes/admin/vps-order.tsx"),
  adminDomains: staff("/admin/domains", "routes/admin/domains.tsx"),
  adminDomainOrder: staff("/admin/domains/orders/:id", "routes/admin/domain-order.tsx"),
  adminReports: staff("/admin/reports", "routes/admin/reports.tsx"),
  adminPeople: staff("/admin/people", "routes/admin/people.tsx"),
  adminRenewals: staff("/admin/renewals", "routes/admin/renewals.tsx"),
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof routeTable;

/** `:param` names of a path pattern, as an object type (`{}` when it has none). */
type ParamsOf<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? { [K in Param]: string } & ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? { [K in Param]: string }
    : Record<never, never>;

type PathBuilders = {
  [Name in RouteName]: keyof ParamsOf<(typeof routeTable)[Name]["path"]> extends never
    ? () => string
    : (params: ParamsOf<(typeof routeTable)[Name]["path"]>) => string;
};

function fill(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

/**
 * Typed links to every route, in English form: `paths.domainDetails({ id })`. Components pass them
 * to the i18n Link (web/src/i18n/link.tsx), which adds the page's language prefix.
 */
export const paths = Object.fromEntries(
  Object.entries(routeTable).map(([name, route]) => [
    name,
    (params?: Record<string, string>) => fill(route.path, params),
  ]),
) as unknown as PathBuilders;

const entries: RouteEntry[] = Object.values(routeTable);

/** The prerendered copy of the 404 page; served with status 404 for unknown paths. */
export const notFoundPrerenderPath = "/__not-found";

/** Content pages, prerendered per language. */
export const pageRoutes: readonly RouteEntry[] = entries.filter(
  (route) => route.kind === "page" || route.kind === "tool",
);

/** Every public page in every language, plus each language's 404 page. */
export function prerenderPaths(): string[] {
  const prerendered = [...pageRoutes.map((route) => route.path), notFoundPrerenderPath];
  return languages.flatMap((language) => prerendered.map((path) => localizePath(path, language)));
}

/** What the sitemap lists: each entry once per language. */
export const sitemapRoutes = entries.filter(
  (route): route is RouteEntry & Required<Pick<RouteEntry, "sitemap">> => route.sitemap !== undefined,
);

function matches(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((segment, i) => (segment.startsWith(":") ? b[i] !== "" : segment === b[i]));
}

/** A client-rendered screen (public in every language; staff screens in English only). */
export function isAppRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const { language, path } = splitLanguage(normalized);
  return entries.some(
    (route) => (route.kind === "screen" || (route.kind === "staff" && language === "en")) && matches(route.path, path),
  );
}

/** The content page a path shows (in any language); `htmlPath` is where its prerendered copy lives. */
export function findPublicRoute(pathname: string): (RouteEntry & { htmlPath: string }) | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const { language, path } = splitLanguage(normalized);
  const route = pageRoutes.find((r) => r.path === path);
  return route ? { ...route, htmlPath: localizePath(route.path, language) } : undefined;
}

/** The prerendered 404 page for the language a path is in. */
export function notFoundPagePath(pathname: string): string {
  return localizePath(notFoundPrerenderPath, splitLanguage(pathname).language);
}
