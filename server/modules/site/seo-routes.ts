import type { FastifyPluginAsync } from "fastify";
import { publicRoutes } from "../../../contracts/site-routes.ts";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** sitemap.xml and robots.txt, generated from the same route table that drives prerendering. */
export const seoRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get("/sitemap.xml", async (_request, reply) => {
    const urls = publicRoutes
      .filter((route) => route.prerender)
      .map((route) => {
        const loc = escapeXml(new URL(route.path, `${publicUrl}/`).toString());
        const extra = [
          route.changefreq ? `<changefreq>${route.changefreq}</changefreq>` : "",
          route.priority === undefined ? "" : `<priority>${route.priority.toFixed(1)}</priority>`,
        ].join("");
        return `  <url><loc>${loc}</loc>${extra}</url>`;
      });
    reply.header("cache-control", "public, max-age=3600").type("application/xml; charset=utf-8");
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  });

  app.get("/robots.txt", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8");
    return [
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /auth",
      "Disallow: /api/",
      "Disallow: /payment",
      "",
      `Sitemap: ${publicUrl}/sitemap.xml`,
      "",
    ].join("\n");
  });
};
