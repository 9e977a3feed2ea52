import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalysisEvent, AnalysisReport, SecurityResult, SeoResult, SpeedResult } from "#contracts/analysis.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { contactEnquiries } from "../contact/contact-schema.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import { type SampleSites, startSampleSites } from "../../../tests/doubles/sample-sites.ts";
import { attackerDns, ssrfCorpus } from "../../../tests/doubles/ssrf-corpus.ts";
import { testResolver } from "../../../tests/doubles/test-resolver.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { lighthouseRunner } from "./lighthouse-runner.ts";
import { networkPolicy } from "./ssrf-guard.ts";

const unlimited: RateLimiter = {
  hit: async () => ({ count: 1, ttlMs: 60_000 }),
  peek: async () => ({ count: 0, ttlMs: 0 }),
  release: async () => {},
  reset: async () => {},
  sweep: async () => {},
};

/** Ids of everything the report counts against the site. */
const faults = {
  security: (r: SecurityResult) =>
    [
      ...r.tests.filter((t) => !t.pass).map((t) => t.id),
      ...r.extras.filter((c) => c.status === "fail" || c.status === "warn").map((c) => c.id),
    ].sort(),
  seo: (r: SeoResult) =>
    r.checks
      .filter((c) => c.status === "fail" || c.status === "warn")
      .map((c) => c.id)
      .sort(),
  speed: (r: SpeedResult) => ({
    opportunities: r.opportunities.map((o) => o.id).sort(),
    checks: r.checks
      .filter((c) => c.status === "fail" || c.status === "warn")
      .map((c) => c.id)
      .sort(),
  }),
};

describe.each(databaseBackends())("site analysis API on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let sites: SampleSites;
  let app: FastifyInstance;
  let guarded: FastifyInstance;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    sites = await startSampleSites();
    app = await testApp(database, {
      env: { ANALYSIS_ALLOW_LOOPBACK: "true", CHROME_PATH: "off" },
      rateLimiter: unlimited,
      analysis: { resolve: testResolver(sites.hosts), ca: sites.ca, lab: null, timeoutMs: 3000 },
    });
    guarded = await testApp(database, {
      env: { CHROME_PATH: "off" },
      rateLimiter: unlimited,
      analysis: { resolve: testResolver({ ...attackerDns, ...sites.hosts }), lab: null },
    });
  });
  afterAll(async () => {
    await app?.close();
    await guarded?.close();
    await sites?.close();
    await cleanup?.();
  });

  const analyze = async (
    kind: "speed" | "seo" | "security",
    url: string,
    target = app,
    headers: Record<string, string> = {},
  ) => {
    const response = await target.inject({ method: "POST", url: `/api/analyze-${kind}`, payload: { url }, headers });
    return {
      status: response.statusCode,
      body: response.json() as AnalysisReport & { error?: string; message?: string; fields?: Record<string, string> },
    };
  };

  describe("SSRF corpus (analyzer without the loopback switch)", () => {
    it.each(ssrfCorpus)("refuses %s with a clear 400", async (url) => {
      const { status, body } = await analyze("security", url, guarded);
      expect(status).toBe(400);
      expect(body.error).toMatch(/url_refused|validation_failed/);
      expect(body.message!.length).toBeGreaterThan(10);
    });

    it("refuses the fixture sites themselves (they resolve to 127.0.0.1)", async () => {
      const { status, body } = await analyze("seo", "http://seo.test/", guarded);
      expect(status).toBe(400);
      expect(body.message).toMatch(/127\.0\.0\.1 is a loopback address/);
    });
  });

  it("refuses a redirect to the cloud metadata address even with loopback allowed", async () => {
    const extra = await testApp(database, {
      env: { ANALYSIS_ALLOW_LOOPBACK: "true", CHROME_PATH: "off" },
      rateLimiter: unlimited,
      analysis: { resolve: testResolver({ ...sites.hosts, "redirector.test": ["127.0.0.1"] }), lab: null },
      extend: (instance) =>
        instance.get("/to-metadata", async (_req, reply) => reply.redirect("http://169.254.169.254/latest/meta-data/")),
    });
    await extra.listen({ port: 0, host: "127.0.0.1" });
    const port = (extra.server.address() as { port: number }).port;
    const { status, body } = await analyze("speed", `http://redirector.test:${port}/to-metadata`, extra);
    await extra.close();
    expect(status).toBe(400);
    expect(body.message).toMatch(/169\.254\.169\.254 is a link-local address/);
  });

  it("gives the good site A+ and names no security fault", async () => {
    const { status, body } = await analyze("security", sites.url("good"));
    expect(status).toBe(200);
    const result = body.result as SecurityResult;
    expect(faults.security(result)).toEqual([]);
    // 100, plus the Observatory's bonuses: CSP default-src 'none' +10, SameSite cookies +5,
    // private referrer +5, frame-ancestors +5, CORP +10 and COOP +10.
    expect(result.score).toBe(145);
    expect(result.grade).toBe("A+");
    expect(result.tls?.authorized).toBe(true);
  });

  it("names exactly the security faults planted in weak.test", async () => {
    const { body } = await analyze("security", sites.url("weak"));
    const result = body.result as SecurityResult;
    expect(faults.security(result)).toEqual(
      [
        "cookies",
        "cors",
        "csp",
        "hsts",
        "https",
        "information-leak",
        "permissions-policy",
        "redirection",
        "referrer-policy",
        "security-txt",
        "sri",
        "x-content-type-options",
        "x-frame-options",
      ].sort(),
    );
    const byId = Object.fromEntries(result.tests.map((t) => [t.id, t.result]));
    expect(byId).toMatchObject({
      csp: "csp-implemented-with-unsafe-inline",
      cookies: "cookies-session-without-secure-flag",
      cors: "cross-origin-resource-sharing-implemented-with-universal-access",
      sri: "sri-not-implemented-and-external-scripts-not-loaded-securely",
      "referrer-policy": "referrer-policy-unsafe",
    });
    expect(result.grade).toBe("F");
  });

  it("gives the good site full SEO marks", async () => {
    const { body } = await analyze("seo", sites.url("good"));
    const result = body.result as SeoResult;
    expect(faults.seo(result)).toEqual([]);
    expect(result.score).toBe(100);
    expect(result.summary.title).toBe("Good Site — fast, secure hosting in Kigali");
  });

  it("names exactly the SEO faults planted in seo.test, worst first", async () => {
    const { body } = await analyze("seo", sites.url("seo"));
    const result = body.result as SeoResult;
    expect(faults.seo(result)).toEqual(
      [
        "canonical",
        "https",
        "image-alt",
        "lang",
        "link-text",
        "meta-description",
        "open-graph",
        "robots-txt",
        "sitemap",
        "structured-data",
        "title",
        "viewport",
      ].sort(),
    );
    expect(result.checks[0]!.status).toBe("fail");
    expect(result.checks[0]!.priority).toBe("high");
    expect(result.score).toBeLessThan(60);
  });

  it("finds nothing to speed up on the good site", async () => {
    const { body } = await analyze("speed", sites.url("good"));
    const result = body.result as SpeedResult;
    expect(faults.speed(result)).toEqual({ opportunities: [], checks: [] });
    expect(result.h2).toBe(true);
    expect(result.compression).toBe("br");
    expect(result.score).toBeGreaterThanOrEqual(90);
    expect(result.weight.byType.map((t) => t.type)).toEqual(["document", "js", "image"]);
  });

  it("names exactly the speed faults planted in heavy.test", async () => {
    const { body } = await analyze("speed", sites.url("heavy"));
    const result = body.result as SpeedResult;
    expect(faults.speed(result)).toEqual({
      opportunities: [
        "avoid-redirects",
        "cache-static-assets",
        "enable-compression",
        "modern-image-formats",
        "properly-size-images",
        "render-blocking-resources",
        "server-response-time",
      ].sort(),
      checks: ["compression", "image-dimensions", "ttfb"].sort(),
    });
    expect(result.redirects.map((r) => r.status)).toEqual([301, 302, 200]);
    expect(result.weight.totalBytes).toBeGreaterThan(1_400_000);
    expect(result.score).toBeLessThan(70);
  });

  it("cuts off a page over 5 MB and says so", async () => {
    const { status, body } = await analyze("seo", sites.url("big"));
    expect(status).toBe(200);
    expect(body.warnings.join(" ")).toMatch(/larger than 5 MB/);
  });

  it("gives up on a server that never answers, with a clear message", async () => {
    const { status, body } = await analyze("speed", sites.url("slow"));
    expect(status).toBe(422);
    expect(body.error).toBe("target_timeout");
    expect(body.message).toMatch(/did not answer within 3 seconds/);
  });

  it("stores the report under an unguessable id, reuses it for a few minutes, and lists history", async () => {
    const first = await analyze("security", sites.url("good", "/?share"));
    expect(first.body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.body.cached).toBe(false);
    const second = await analyze("security", sites.url("good", "/?share"));
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.cached).toBe(true);
    const shared = await app.inject({ method: "GET", url: `/api/analysis-reports/${first.body.id}` });
    expect(shared.statusCode).toBe(200);
    const { report, history } = shared.json() as { report: AnalysisReport; history: { id: string }[] };
    expect(report.result.kind).toBe("security");
    expect(history.map((h) => h.id)).toContain(first.body.id);
    const missing = await app.inject({ method: "GET", url: "/api/analysis-reports/AAAAAAAAAAAAAAAAAAAAAA" });
    expect(missing.statusCode).toBe(404);
  });

  it("streams stages and then the report as NDJSON", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/analyze-seo",
      headers: { accept: "application/x-ndjson" },
      payload: { url: sites.url("good", "/?stream") },
    });
    expect(response.headers["content-type"]).toMatch(/application\/x-ndjson/);
    const events = response.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as AnalysisEvent);
    expect(events.filter((e) => e.type === "stage").map((e) => (e as { stage: string }).stage)).toEqual([
      "fetching",
      "seo-files",
      "saving",
    ]);
    expect(events.at(-1)!.type).toBe("report");
  });
});

describe.each(databaseBackends())("the analysis in the visitor's language on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let sites: SampleSites;
  let app: FastifyInstance;
  let guarded: FastifyInstance;
  const french = { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" };

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    sites = await startSampleSites();
    // A lab runner without a browser: its answer shows the language the queued run was given.
    const lab = lighthouseRunner({
      chromePath: "/nonexistent/chromium",
      policy: networkPolicy(),
      log: pino({ level: "silent" }) as unknown as FastifyBaseLogger,
    });
    app = await testApp(database, {
      env: { ANALYSIS_ALLOW_LOOPBACK: "true", CHROME_PATH: "off" },
      rateLimiter: unlimited,
      analysis: { resolve: testResolver(sites.hosts), ca: sites.ca, lab, timeoutMs: 3000 },
    });
    guarded = await testApp(database, {
      env: { CHROME_PATH: "off" },
      rateLimiter: unlimited,
      analysis: { resolve: testResolver(sites.hosts), lab: null },
    });
  });
  afterAll(async () => {
    await app?.close();
    await guarded?.close();
    await sites?.close();
    await cleanup?.();
  });

  const analyze = async (
    kind: "speed" | "seo" | "security",
    url: string,
    headers: Record<string, string> = {},
    body: Record<string, unknown> = {},
  ) => {
    const response = await app.inject({
      method: "POST",
      url: `/api/analyze-${kind}`,
      payload: { url, ...body },
      headers,
    });
    return {
      status: response.statusCode,
      body: response.json() as AnalysisReport & { error?: string; message?: string },
    };
  };
  const checksById = (checks: { id: string; title: string; detail: string; fix?: string }[]) =>
    Object.fromEntries(checks.map((c) => [c.id, c]));

  it("gives French SEO findings to a French request: titles, details with their values, fixes", async () => {
    const { status, body } = await analyze("seo", sites.url("seo"), french);
    expect(status).toBe(200);
    const checks = checksById((body.result as SeoResult).checks);
    expect(checks.title).toMatchObject({
      title: "Titre",
      detail: "La page n'a pas de <title>\u00a0: les résultats de recherche afficheront un titre inventé.",
    });
    expect(checks.viewport!.title).toBe("Viewport mobile");
    expect(checks["link-text"]).toMatchObject({
      title: "Texte des liens",
      detail: expect.stringMatching(/^1 lien dit seulement «\u00a0click here\u00a0»/),
    });
    expect(checks["robots-txt"]!.detail).toMatch(/^robots\.txt répond 500\u00a0: Google cesse d'explorer/);
    expect(checks.https).toMatchObject({ title: "HTTPS", fix: "Passez le site en https." });
    // Ids, statuses and the score do not depend on the language.
    const english = await analyze("seo", sites.url("seo"));
    expect(english.body.result).toMatchObject({ score: body.result.score });
    expect(checksById((english.body.result as SeoResult).checks).title!.title).toBe("Title");
  });

  it("gives French security and speed findings to a French request", async () => {
    const security = (await analyze("security", sites.url("weak"), french)).body.result as SecurityResult;
    expect(security.tests.find((t) => t.id === "csp")!.detail).toMatch(
      /^script-src ou object-src autorise 'unsafe-inline'/,
    );
    expect(checksById(security.extras)["information-leak"]!.title).toBe("Versions de logiciels dans les en-têtes");
    const speed = (await analyze("speed", sites.url("heavy"), french)).body.result as SpeedResult;
    expect(speed.opportunities.map((o) => o.title)).toContain("Activer la compression du texte");
    expect(checksById(speed.checks).ttfb!.title).toBe("Temps jusqu'au premier octet");
  });

  it("reuses a recent report only when it was written in the language asked for", async () => {
    const url = sites.url("good", "/?languages");
    const english = await analyze("seo", url);
    const swahili = await analyze("seo", url, { "accept-language": "sw" });
    expect(swahili.body.cached).toBe(false);
    expect(swahili.body.id).not.toBe(english.body.id);
    expect(checksById((swahili.body.result as SeoResult).checks).title!.title).toBe("Kichwa");
    const again = await analyze("seo", url, { "accept-language": "sw" });
    expect(again.body).toMatchObject({ cached: true, id: swahili.body.id });
    expect(again.body.result).not.toHaveProperty("language");
    // A shared report keeps the language it was written in, whoever opens it.
    const shared = (
      await app.inject({ method: "GET", url: `/api/analysis-reports/${swahili.body.id}`, headers: french })
    ).json() as { report: AnalysisReport };
    expect(checksById((shared.report.result as SeoResult).checks).title!.title).toBe("Kichwa");
  });

  it("says why an address is refused, and that a report is gone, in the request's language", async () => {
    const refused = await guarded.inject({
      method: "POST",
      url: "/api/analyze-seo",
      payload: { url: "http://seo.test/" },
      headers: french,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Cette adresse n'est pas autorisée\u00a0: 127.0.0.1 est une adresse de bouclage (loopback). Seuls " +
        "les sites web publics peuvent être analysés.",
    );
    const slow = await analyze("speed", sites.url("slow"), { "accept-language": "sw" });
    expect(slow.body.message).toMatch(/haikujibu ndani ya sekunde 3\.$/);
    const missing = await app.inject({
      method: "GET",
      url: "/api/analysis-reports/AAAAAAAAAAAAAAAAAAAAAA",
      headers: french,
    });
    expect(missing.json().message).toMatch(/^Aucun rapport avec cet identifiant/);
  });

  it("hands the request's language to the queued lab run", async () => {
    const { body } = await analyze("speed", sites.url("good", "/?lab-rw"), { "accept-language": "rw" }, { lab: true });
    const result = body.result as SpeedResult;
    expect(result.lab.map((run) => run.error)).toEqual([
      "Igerageza muri mushakisha ntiriboneka kuri iyi seriveri ubu.",
      "Igerageza muri mushakisha ntiriboneka kuri iyi seriveri ubu.",
    ]);
    expect(checksById(result.checks)["page-weight"]!.title).toBe("Uburemere bw'urupapuro");
  });
});

describe("per-IP limit", () => {
  it("answers 429 after 30 analyses in ten minutes", async () => {
    const [backend] = databaseBackends();
    const { database, cleanup } = await backend!.open();
    const app = await testApp(database, {
      env: { CHROME_PATH: "off" },
      analysis: { resolve: testResolver(attackerDns), lab: null },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/analyze-seo",
        payload: { url: "http://127.0.0.1/" },
      });
      statuses.push(response.statusCode);
    }
    await app.close();
    await cleanup();
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("limits per route", () => {
  it("keeps the analyzer's count apart from the contact form's", async () => {
    const [backend] = databaseBackends();
    const { database, cleanup } = await backend!.open();
    const app = await testApp(database, {
      env: { CHROME_PATH: "off" },
      analysis: { resolve: testResolver(attackerDns), lab: null },
    });
    for (let i = 0; i < 6; i++)
      await app.inject({ method: "POST", url: "/api/analyze-seo", payload: { url: "http://127.0.0.1/" } });
    const enquiry = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        firstName: "Aline",
        lastName: "Uwase",
        email: "aline@example.rw",
        service: "web",
        message: "Please fix what the report found.",
        reportId: "AAAAAAAAAAAAAAAAAAAAAA",
      },
    });
    const rows = await database.db.select().from(contactEnquiries);
    await app.close();
    await cleanup();
    expect(enquiry.statusCode).toBe(201);
    expect(rows[0]?.analysisReportId).toBe("AAAAAAAAAAAAAAAAAAAAAA");
  });
});
