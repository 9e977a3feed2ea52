import { founderHandle } from "../content/founder-handle.ts";
import { languages, localizePath, splitLanguage } from "./languages.ts";

/**
 * The site's route table as data: which paths are public (prerendered, listed in
 * the sitemap) and which are client-only screens. React Router's config, the
 * server's fallback handler and the sitemap all read it, so they cannot drift.
 */
export interface SiteRoute {
  path: string;
  /** Prerendered to static HTML and listed in the sitemap. */
  prerender: boolean;
  /** Relative sitemap priority (0-1). */
  priority?: number;
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
}

export const publicRoutes: readonly SiteRoute[] = [
  { path: "/", prerender: true, priority: 1, changefreq: "weekly" },
  { path: "/services", prerender: true, priority: 0.9, changefreq: "monthly" },
  { path: "/about", prerender: true, priority: 0.7, changefreq: "monthly" },
  { path: "/contact", prerender: true, priority: 0.8, changefreq: "yearly" },
  { path: `/${founderHandle}`, prerender: true, priority: 0.6, changefreq: "monthly" },
];

/** Client-only screens (tools, payment, admin): served by the SPA fallback. */
export const appRoutePrefixes: readonly string[] = [
  "/domains",
  "/domain-details",
  "/tech-stack-advisor",
  "/speed-analysis",
  "/vps-hosting",
  "/payment",
  "/project-details",
  "/auth",
  "/admin",
];

/** The prerendered copy of the 404 page; served with status 404 for unknown paths. */
export const notFoundPrerenderPath = "/__not-found";

/** Staff screens exist in English only. */
const englishOnlyPrefixes: readonly string[] = ["/auth", "/admin"];

/** Every public page in every language, plus each language's 404 page. */
export function prerenderPaths(): string[] {
  const paths = [...publicRoutes.filter((r) => r.prerender).map((r) => r.path), notFoundPrerenderPath];
  return languages.flatMap((language) => paths.map((path) => localizePath(path, language)));
}

export function isAppRoute(pathname: string): boolean {
  const { language, path } = splitLanguage(pathname);
  return appRoutePrefixes.some(
    (p) => (path === p || path.startsWith(`${p}/`)) && (language === "en" || !englishOnlyPrefixes.includes(p)),
  );
}

/** The public route a path shows (in any language); `path` is where its prerendered copy lives. */
export function findPublicRoute(pathname: string): (SiteRoute & { file: string }) | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const { language, path } = splitLanguage(normalized);
  const route = publicRoutes.find((r) => r.path === path);
  return route ? { ...route, file: localizePath(route.path, language) } : undefined;
}

/** The prerendered 404 page for the language a path is in. */
export function notFoundPagePath(pathname: string): string {
  return localizePath(notFoundPrerenderPath, splitLanguage(pathname).language);
}
