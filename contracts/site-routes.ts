import { founderHandle } from "../content/founder-handle.ts";

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

export function prerenderPaths(): string[] {
  return [...publicRoutes.filter((r) => r.prerender).map((r) => r.path), notFoundPrerenderPath];
}

export function isAppRoute(pathname: string): boolean {
  return appRoutePrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function findPublicRoute(pathname: string): SiteRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return publicRoutes.find((r) => r.path === normalized);
}
