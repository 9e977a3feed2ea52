// The built site: prerendered pages, assets, sitemap and robots.txt.
export { seoRoutes } from "./seo-routes.ts";
export { inlineScriptHashesByPage, registerStaticSite } from "./static-site.ts";
