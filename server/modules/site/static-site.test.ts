import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { founder } from "../../../content/founder.ts";
import { publicRoutes } from "../../../contracts/site-routes.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";

const [pglite] = databaseBackends();
const page = (name: string, inline = "") =>
  `<!doctype html><html><head><script>${inline}</script><script type="application/ld+json">{"@type":"Organization"}</script></head><body><h1>${name}</h1></body></html>`;
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
      "__not-found/index.html": page("Oops! Page Not Found"),
      "assets/app-abc123.js": "console.log('app')",
    };
    for (const [file, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), body);
    }
    await writeFile(path.join(dir, "assets/app-abc123.js.br"), brotliCompressSync("console.log('app')"));
    ({ database, cleanup } = await pglite!.open());
    app = await testApp(database, { env: { STATIC_DIR: dir, PUBLIC_URL: "https://www.example.rw" } });
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
  ])("serves the prerendered page for %s", async (url, text) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain(text);
  });

  it.each(["/domains", "/admin", "/admin/login", "/payment/receipt", "/project-details/42", "/tech-stack-advisor"])(
    "serves the app shell for the client-only screen %s",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("App shell");
    },
  );

  it.each(["/no-such-page", "/services/nope/deeper", "/wp-login.php"])("answers %s with the 404 page and status 404", async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Oops! Page Not Found");
  });

  it("caches hashed assets for a year and serves them precompressed", async () => {
    const response = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "br, gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("br");
  });

  it("allows exactly the built pages' inline scripts in the CSP, not JSON-LD", async () => {
    const csp = String((await app.inject("/")).headers["content-security-policy"]);
    for (const inline of ["window.boot=1", "window.about=2", "window.spa=3"]) expect(csp).toContain(sha(inline));
    expect(csp).not.toContain(sha('{"@type":"Organization"}'));
    expect(csp).not.toContain("'unsafe-inline' 'sha");
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
    expect(locs).toEqual(publicRoutes.map((r) => new URL(r.path, "https://www.example.rw/").toString()));
    expect(locs).toContain(`https://www.example.rw/${founder.handle}`);
    expect(response.body).not.toMatch(/admin|domains|__not-found/);
  });

  it("points robots.txt at the sitemap and away from private areas", async () => {
    const body = (await app.inject("/robots.txt")).body;
    expect(body).toContain("Sitemap: https://www.example.rw/sitemap.xml");
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain("Disallow: /api/");
  });
});
