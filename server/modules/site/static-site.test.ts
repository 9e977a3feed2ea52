import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { founder } from "#content/founder.ts";
import { sitemapRoutes } from "#web/lib/sitemap-routes.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";

const [pglite] = databaseBackends();
const page = (name: string, inline = "") =>
  `<!doctype html><html><head><script>${inline}</script><script ` +
  `type="application/ld+json">{"@type":"Organization"}</script></head><body><h1>${name}</h1></body></html>`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("serving the built site", () => {
  let dir: string;
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "site-"));
    const files: Record<string, string> = {
      "index.html": page("Home page", "window.boot=1"),
      "about/index.html": page("About page", "window.about=2"),
      [`${founder.handle}/index.html`]: page("Founder page"),
      "__spa-fallback.html": page("App shell", "window.spa=3"),
      "__screens/domain-order.html": page("Domain order shell", "window.spa=3"),
      "domains/index.html": page("Domain search tool"),
      "__not-found/index.html": page("Oops! Page Not Found"),
      "fr/index.html": page("Page d'accueil"),
      "fr/about/index.html": page("À propos"),
      "sw/__not-found/index.html": page("Ukurasa haupatikani"),
      "assets/app-abc123.js": "console.log('app')",
    };
    for (const [file, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), body);
    }
    await writeFile(path.join(dir, "assets/app-abc123.js.br"), brotliCompressSync("console.log('app')"));
    await writeFile(path.join(dir, "about/index.html.br"), brotliCompressSync(files["about/index.html"]!));
    ({ database, cleanup } = await pglite!.open());
    app = await testApp(database, {
      env: { STATIC_DIR: dir, PUBLIC_URL: "https://www.example.rw", PAYMENTS_TEST_MODE: "true" },
    });
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ["/", "Home page"],
    ["/about", "About page"],
    ["/about/", "About page"],
    [`/${founder.handle}`, "Founder page"],
    ["/domains", "Domain search tool"],
  ])("serves the prerendered page for %s", async (url, text) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain(text);
  });

  it.each(["/account", "/admin", "/admin/login", "/payment/receipt", "/project-details/42"])(
    "serves the app shell for the client-only screen %s",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("App shell");
    },
  );

  it.each(["/domains/order/kigali.rw", "/fr/domains/order/kigali.rw", "/domains/order/kigali.rw/"])(
    "serves %s the order screen's own shell, which names its code",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("Domain order shell");
      expect(response.headers["content-security-policy"]).toContain(sha("window.spa=3"));
    },
  );

  it.each(["/no-such-page", "/services/nope/deeper", "/wp-login.php"])(
    "answers %s with the 404 page and status 404",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("Oops! Page Not Found");
    },
  );

  it.each([
    ["/fr", "Page d'accueil"],
    ["/fr/", "Page d'accueil"],
    ["/fr/about", "À propos"],
  ])("serves the translated prerendered page for %s", async (url, text) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(text);
  });

  it("serves the app shell for client-only screens in every language, and each language its own 404 page", async () => {
    expect((await app.inject("/sw/payment/receipt")).body).toContain("App shell");
    const missing = await app.inject("/sw/no-such-page");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Ukurasa haupatikani");
    expect((await app.inject("/fr/admin")).statusCode).toBe(404);
  });

  it.each([
    ["/", { "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" }, "/fr"],
    ["/about", { "accept-language": "sw-KE, en;q=0.5" }, "/sw/about"],
    ["/domains?name=kigali", { "accept-language": "rw" }, "/rw/domains?name=kigali"],
    ["/about", { cookie: "lang=fr", "accept-language": "en" }, "/fr/about"],
  ])("sends a first visit to %s with %o to %s", async (url, headers, location) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
    expect(response.headers.vary).toContain("Accept-Language");
  });

  // Finding 6 of issue 16: a non-Latin-1 path (a Cyrillic domain name) gave French, Swahili and
  // Kinyarwanda visitors a 500, the decoded path being put in Location.
  it.each(["fr", "sw", "rw"])(
    "redirects a non-Latin-1 path for a %s visitor, still percent-encoded",
    async (language) => {
      const encoded = "/domain-details/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84";
      const response = await app.inject({ url: `${encoded}?from=%E2%9C%93`, headers: { "accept-language": language } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/${language}${encoded}?from=%E2%9C%93`);
      const raw = await app.inject({ url: "/domain-details/пример.рф", headers: { "accept-language": language } });
      expect(raw.statusCode).toBe(302);
      expect(raw.headers.location).toBe(`/${language}${encoded}`);
    },
  );

  it.each([
    ["/about", { "accept-language": "fr", cookie: "lang=en" }],
    ["/about", { "accept-language": "de-DE, en;q=0.5" }],
    ["/fr/about", { "accept-language": "sw" }],
    ["/admin", { "accept-language": "fr" }],
    ["/assets/app-abc123.js", { "accept-language": "fr" }],
  ])("keeps %s where it is for %o", async (url, headers) => {
    expect((await app.inject({ url, headers })).statusCode).toBe(200);
  });

  it("lets the proxy keep public pages, varied by language and encoding, but never the app shell or a 404", async () => {
    for (const url of ["/", "/about", "/fr/about", `/${founder.handle}`, "/domains?name=kigali"]) {
      const response = await app.inject({ url, headers: { "accept-language": "en" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-accel-expires"]).toBe("10");
      expect(String(response.headers.vary)).toMatch(/Accept-Language.*Cookie.*accept-encoding/i);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
    for (const url of ["/vps-hosting/order/secret-link-token", "/sw/payment/receipt", "/no-such-page", "/api/no-such"])
      expect((await app.inject(url)).headers["x-accel-expires"]).toBeUndefined();
    const redirect = await app.inject({ url: "/about", headers: { "accept-language": "fr" } });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers["x-accel-expires"]).toBeUndefined();
  });

  it("caches hashed assets for a year and serves them precompressed", async () => {
    const response = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "br, gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("br");
  });

  it("sends a page in the encoding the browser takes, with validators that answer a revisit with 304", async () => {
    const br = await app.inject({ url: "/about", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBe(Number(br.headers["content-length"]));
    // No .gz twin here, and br refused: the page as it is.
    const plain = await app.inject({ url: "/about", headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("About page");
    expect(plain.headers.etag).not.toBe(br.headers.etag);

    const again = await app.inject({ url: "/about", headers: { "if-none-match": String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const since = await app.inject({ url: "/", headers: { "if-modified-since": new Date().toUTCString() } });
    expect(since.statusCode).toBe(304);
    const changed = await app.inject({ url: "/about", headers: { "if-none-match": 'W/"other"' } });
    expect(changed.statusCode).toBe(200);

    const head = await app.inject({ method: "HEAD", url: "/fr/about" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(page("À propos")));
  });

  it("allows each built page exactly its own inline scripts in the CSP, not JSON-LD", async () => {
    const policy = async (url: string, headers: Record<string, string> = {}) =>
      String((await app.inject({ url, headers })).headers["content-security-policy"]);
    const home = await policy("/");
    expect(home).toContain(sha("window.boot=1"));
    expect(home).not.toContain(sha("window.about=2"));
    expect(home).not.toContain(sha("window.spa=3"));
    expect(home).not.toContain(sha('{"@type":"Organization"}'));
    expect(home).not.toContain("'unsafe-inline' 'sha");
    expect(home).toContain("default-src 'self'");
    expect(home).toContain("object-src 'none'");
    expect(home).toContain("frame-ancestors 'none'");
    // The precompressed twin of a page gets that page's policy; the app shell gets its own.
    const about = await policy("/about", { "accept-encoding": "br" });
    expect(about).toContain(sha("window.about=2"));
    expect(about).not.toContain(sha("window.boot=1"));
    const shell = await policy("/admin");
    expect(shell).toContain(sha("window.spa=3"));
    expect(shell).not.toContain(sha("window.boot=1"));
    expect(shell.split("sha256-")).toHaveLength(2);
  });

  it("sends the long page policy only with pages: assets get the short strict one", async () => {
    const asset = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "br" } });
    expect(asset.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    // Document-only headers are not repeated on every script and style; nosniff stays.
    expect(asset.headers["x-frame-options"]).toBeUndefined();
    expect(asset.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    const pageHeaders = (await app.inject("/about")).headers;
    expect(pageHeaders["x-frame-options"]).toBe("DENY");
    expect(pageHeaders["cross-origin-opener-policy"]).toBe("same-origin");
    expect(String(pageHeaders["content-security-policy"])).toContain(sha("window.about=2"));
  });

  it("keeps API paths as JSON 404s", async () => {
    const response = await app.inject("/api/unknown");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "not_found" });
  });

  it("generates sitemap.xml from the public route table", async () => {
    const response = await app.inject("/sitemap.xml");
    expect(response.headers["content-type"]).toContain("application/xml");
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const address = (path: string) => new URL(path, "https://www.example.rw/").toString();
    expect(locs).toEqual(
      sitemapRoutes.flatMap((r) =>
        [
          r.path,
          `/fr${r.path === "/" ? "" : r.path}`,
          `/sw${r.path === "/" ? "" : r.path}`,
          `/rw${r.path === "/" ? "" : r.path}`,
        ].map(address),
      ),
    );
    expect(locs).toContain(`https://www.example.rw/${founder.handle}`);
    expect(locs).toContain(`https://www.example.rw/rw/${founder.handle}`);
    // The tools and the payment page are listed too, in every language.
    for (const path of ["/domains", "/vps-hosting", "/tech-stack-advisor", "/speed-analysis", "/payment"]) {
      expect(locs).toContain(`https://www.example.rw${path}`);
      expect(locs).toContain(`https://www.example.rw/sw${path}`);
    }
    // Every entry names all its translations, with English as the default.
    const about = /<url><loc>https:\/\/www\.example\.rw\/sw\/about<\/loc>(.*?)<\/url>/.exec(response.body)?.[1] ?? "";
    for (const [lang, path] of [
      ["en", "/about"],
      ["fr", "/fr/about"],
      ["sw", "/sw/about"],
      ["rw", "/rw/about"],
      ["x-default", "/about"],
    ]) {
      expect(about).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${address(path!)}"/>`);
    }
    // Staff screens, the 404 page and per-customer pages (orders, receipts, plans) are never listed.
    expect(response.body).not.toMatch(/admin|__not-found|order|receipt|project-details|domain-details/);
  });

  it("points robots.txt at the sitemap and away from private areas", async () => {
    const body = (await app.inject("/robots.txt")).body;
    expect(body).toContain("Sitemap: https://www.example.rw/sitemap.xml");
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain("Disallow: /api/");
    // The payment page itself is public; a customer's receipts and orders are not, in any language.
    expect(body).not.toMatch(/Disallow: \/payment$/m);
    for (const rule of ["/payment/", "/*/payment/", "/vps-hosting/order/", "/*/domains/order", "/project-details/"]) {
      expect(body).toContain(`Disallow: ${rule}`);
    }
  });
});
