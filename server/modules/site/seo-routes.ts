import type { FastifyPluginAsync } from "fastify";
import { languages, localizePath } from "#contracts/languages.ts";
import { sitemapRoutes } from "#web/lib/sitemap-routes.ts";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** sitemap.xml and robots.txt, generated from the same route table that drives routing and prerendering. */
export const seoRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get("/sitemap.xml", async (_request, reply) => {
    const address = (path: string) => escapeXml(new URL(path, `${publicUrl}/`).toString());
    // One entry per page and language, each listing all its translations (and English as x-default).
    const urls = sitemapRoutes.flatMap((route) => {
      const alternates = [
        ...languages.map((language) => ({ hreflang: language, href: address(localizePath(route.path, language)) })),
        { hreflang: "x-default", href: address(route.path) },
      ]
        .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${alt.href}"/>`)
        .join("");
      const extra = [
        `<changefreq>${route.sitemap.changefreq}</changefreq>`,
        `<priority>${route.sitemap.priority.toFixed(1)}</priority>`,
      ].join("");
      return languages.map(
        (language) => `  <url><loc>${address(localizePath(route.path, language))}</loc>${alternates}${extra}</url>`,
      );
    });
    reply.header("cache-control", "public, max-age=3600").type("application/xml; charset=utf-8");
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  });

  app.get("/robots.txt", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8");
    return [
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /auth",
      "Disallow: /api/",
      // Per-customer pages (receipts, orders, saved plans, one name's details), in every language.
      ...["/payment/", "/vps-hosting/order/", "/domains/order", "/domain-details/", "/project-details/"].flatMap(
        (path) => [`Disallow: ${path}`, `Disallow: /*${path}`],
      ),
      "",
      `Sitemap: ${publicUrl}/sitemap.xml`,
      "",
    ].join("\n");
  });
};
