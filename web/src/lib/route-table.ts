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
  /**
   * `page`: prerendered content page; `tool`: a public interactive screen that is prerendered too
   * (the free tools and /payment: its fields wait for hydration); `screen`: a public interactive
   * screen served by the SPA fallback (order pages, account); `staff`: an English-only staff screen.
   */
  kind: "page" | "tool" | "screen" | "staff";
}

const page = <P extends string>(path: P) => ({ path, kind: "page" }) as const;
const screen = <P extends string>(path: P) => ({ path, kind: "screen" }) as const;
const tool = <P extends string>(path: P) => ({ path, kind: "tool" }) as const;
const staff = <P extends string>(path: P) => ({ path, kind: "staff" }) as const;

export const routeTable = {
  home: page("/"),
  services: page("/services"),
  about: page("/about"),
  contact: page("/contact"),
  founder: page(`/${founderHandle}` as const),
  faq: page("/faq"),
  privacy: page("/privacy"),
  terms: page("/terms"),
  cookies: page("/cookies"),

  domains: tool("/domains"),
  domainDetails: screen("/domain-details/:id"),
  domainOrder: screen("/domains/order/:name"),
  domainOrderStatus: screen("/domains/order-status/:token"),
  techStackAdvisor: tool("/tech-stack-advisor"),
  speedAnalysis: tool("/speed-analysis"),
  vpsHosting: tool("/vps-hosting"),
  vpsOrder: screen("/vps-hosting/order/:token"),
  payment: tool("/payment"),
  paymentReceipt: screen("/payment/receipt"),
  paymentFailed: screen("/payment/payment-failed"),
  account: screen("/account"),
  projectDetails: screen("/project-details/:id"),

  auth: staff("/auth"),
  adminLogin: staff("/admin/login"),
  admin: staff("/admin"),
  adminEnquiries: staff("/admin/enquiries"),
  adminEnquiry: staff("/admin/enquiries/:id"),
  adminProjects: staff("/admin/projects"),
  adminProject: staff("/admin/project/:id"),
  adminStaff: staff("/admin/staff"),
  adminAudit: staff("/admin/audit"),
  adminChats: staff("/admin/chats"),
  adminPayments: staff("/admin/payments"),
  adminVps: staff("/admin/vps"),
  adminVpsOrder: staff("/admin/vps/orders/:id"),
  adminDomains: staff("/admin/domains"),
  adminDomainOrder: staff("/admin/domains/orders/:id"),
  adminReports: staff("/admin/reports"),
  adminPeople: staff("/admin/people"),
  adminRenewals: staff("/admin/renewals"),
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
const namedEntries = Object.entries(routeTable) as [RouteName, RouteEntry][];

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

function matches(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((segment, i) => (segment.startsWith(":") ? b[i] !== "" : segment === b[i]));
}

/** The client-rendered screen a path shows (public in every language; staff screens in English only). */
export function appRouteAt(pathname: string): RouteName | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const { language, path } = splitLanguage(normalized);
  const found = namedEntries.find(
    ([, route]) =>
      (route.kind === "screen" || (route.kind === "staff" && language === "en")) && matches(route.path, path),
  );
  return found?.[0];
}

/** Whether a path shows a client-rendered screen (see appRouteAt). */
export function isAppRoute(pathname: string): boolean {
  return appRouteAt(pathname) !== undefined;
}

/** A route's id in React Router's config and build manifest: its name in kebab-case (`domainDetails` → `domain-details`). */
export function routeId(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
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
