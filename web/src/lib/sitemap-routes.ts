import { type RouteName, routeTable } from "./route-table.ts";

type Listed = {
  [Name in RouteName]: (typeof routeTable)[Name]["kind"] extends "page" | "tool" ? Name : never;
}[RouteName];

interface SitemapEntry {
  priority: number;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
}

/**
 * How sitemap.xml lists each public page: every content page and tool of the route table, with its
 * language alternates. Apart from the table, which every page's script carries for its links.
 */
const listed: Record<Listed, SitemapEntry> = {
  home: { priority: 1, changefreq: "weekly" },
  services: { priority: 0.9, changefreq: "monthly" },
  about: { priority: 0.7, changefreq: "monthly" },
  contact: { priority: 0.8, changefreq: "yearly" },
  founder: { priority: 0.6, changefreq: "monthly" },
  faq: { priority: 0.6, changefreq: "monthly" },
  privacy: { priority: 0.3, changefreq: "yearly" },
  terms: { priority: 0.3, changefreq: "yearly" },
  cookies: { priority: 0.3, changefreq: "yearly" },
  domains: { priority: 0.8, changefreq: "monthly" },
  techStackAdvisor: { priority: 0.7, changefreq: "monthly" },
  speedAnalysis: { priority: 0.7, changefreq: "monthly" },
  vpsHosting: { priority: 0.8, changefreq: "monthly" },
  payment: { priority: 0.5, changefreq: "yearly" },
};

/** What the sitemap lists: each entry once per language. */
export const sitemapRoutes = Object.entries(listed).map(([name, sitemap]) => ({
  ...routeTable[name as Listed],
  sitemap,
}));
