import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testResolver } from "../../../tests/doubles/test-resolver.ts";
import { requestLanguage } from "../../lib/i18n.ts";
import defaultConfig from "lighthouse/core/config/default-config.js";
import {
  chromeFlags,
  LIGHTHOUSE_LOCALES,
  lighthouseRunner,
  metricsOnlyConfig,
  rateMetric,
  summarizeLhr,
} from "./lighthouse-runner.ts";
import { networkPolicy } from "./ssrf-guard.ts";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);

function capturingLogger(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: "debug" }, stream) as unknown as FastifyBaseLogger, lines };
}

describe("lab metric ratings (Lighthouse's control points)", () => {
  it.each([
    ["mobile", "largest-contentful-paint", 2500, "good"],
    ["mobile", "largest-contentful-paint", 2501, "needs-improvement"],
    ["mobile", "largest-contentful-paint", 4001, "poor"],
    ["mobile", "first-contentful-paint", 3000, "needs-improvement"],
    ["mobile", "total-blocking-time", 650, "poor"],
    ["mobile", "speed-index", 3387, "good"],
    ["desktop", "largest-contentful-paint", 2500, "poor"],
    ["desktop", "first-contentful-paint", 934, "good"],
    ["desktop", "total-blocking-time", 200, "needs-improvement"],
    ["desktop", "speed-index", 2301, "poor"],
    ["desktop", "cumulative-layout-shift", 0.1, "good"],
    ["mobile", "cumulative-layout-shift", 0.25, "needs-improvement"],
    ["mobile", "cumulative-layout-shift", 0.26, "poor"],
  ] as const)("%s %s %d is %s", (formFactor, id, value, rating) => {
    expect(rateMetric(formFactor, id, value)).toBe(rating);
  });

  it("reports Lighthouse's runtime error instead of metrics", () => {
    const run = summarizeLhr(
      {
        lighthouseVersion: "12.8.2",
        runtimeError: { code: "ERRORED_DOCUMENT_REQUEST", message: "Status code: 404." },
        categories: {},
        audits: {},
      },
      "mobile",
      4000,
    );
    expect(run).toMatchObject({
      performanceScore: null,
      metrics: [],
      error: "Lighthouse could not load the page: Status code: 404.",
    });
  });

  it("words the runtime error in the run's language", () => {
    const lhr = {
      lighthouseVersion: "12.8.2",
      runtimeError: { code: "ERRORED_DOCUMENT_REQUEST", message: "Code d'état : 404." },
      categories: {},
      audits: {},
    };
    expect(summarizeLhr(lhr, "mobile", 4000, "fr").error).toBe(
      "Lighthouse n'a pas pu charger la page\u00a0: Code d'état : 404.",
    );
  });

  it("asks Lighthouse for French, and for English where it has no catalog (Swahili, Kinyarwanda)", () => {
    expect(LIGHTHOUSE_LOCALES).toEqual({ en: "en-US", fr: "fr", sw: "en-US", rw: "en-US" });
  });

  it("answers a queued run in the language it was queued in, not the one current when it runs", async () => {
    const { log } = capturingLogger();
    const runner = lighthouseRunner({
      chromePath: "/nonexistent/chromium",
      policy: networkPolicy({ resolve: testResolver({}) }),
      log,
    });
    const swahili = requestLanguage.run("sw", () => runner.run("http://site.test/", ["mobile"]));
    const french = requestLanguage.run("sw", () => runner.run("http://site.test/", ["desktop"], "fr"));
    const runs = (await Promise.all([swahili, french])).flat();
    await runner.close();
    expect(runs.map((run) => run.error)).toEqual([
      "Jaribio la kivinjari halipatikani kwenye seva hii kwa sasa.",
      "Le test navigateur n'est pas disponible sur ce serveur pour le moment.",
    ]);
  });

  it("keeps only the five metric audits, and with them every weight of Lighthouse's performance score", () => {
    const weight = (refs: { weight?: number }[]) => refs.reduce((sum, ref) => sum + (ref.weight ?? 0), 0);
    const config = metricsOnlyConfig(defaultConfig, { formFactor: "desktop" });
    const refs = config.categories!.performance!.auditRefs;
    expect(refs.map((ref) => ref.id).sort()).toEqual([
      "cumulative-layout-shift",
      "first-contentful-paint",
      "largest-contentful-paint",
      "speed-index",
      "total-blocking-time",
    ]);
    expect(weight(refs)).toBe(weight(defaultConfig.categories!.performance!.auditRefs));
    expect(weight(refs)).toBeGreaterThan(0);
    expect(config.settings).toEqual({ formFactor: "desktop" });
  });

  it("sends all of Chromium's traffic, loopback included, through the proxy", () => {
    expect(chromeFlags(4567)).toEqual(
      expect.arrayContaining([
        "--proxy-server=http://127.0.0.1:4567",
        "--proxy-bypass-list=<-loopback>",
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
      ]),
    );
  });

  it("answers a failed run, not an exception, when Chromium is missing", async () => {
    const { log, lines } = capturingLogger();
    const runner = lighthouseRunner({
      chromePath: "/nonexistent/chromium",
      policy: networkPolicy({ resolve: testResolver({}) }),
      log,
    });
    const runs = await runner.run("http://site.test/", ["mobile", "desktop"]);
    await runner.close();
    expect(runs.map((run) => [run.formFactor, run.error])).toEqual([
      ["mobile", "The browser test is not available on this server right now."],
      ["desktop", "The browser test is not available on this server right now."],
    ]);
    expect(lines.join("")).toMatch(/CHROME_PATH is not an executable file/);
  });

  it("queues runs one at a time and turns new ones away when too many wait", async () => {
    const { log } = capturingLogger();
    const runner = lighthouseRunner({
      chromePath: "/nonexistent/chromium",
      policy: networkPolicy({ resolve: testResolver({}) }),
      log,
      maxWaiting: 2,
    });
    const finished: string[] = [];
    const runs = await Promise.all(
      (["mobile", "desktop", "mobile"] as const).map((formFactor, i) =>
        runner.run(`http://site${i}.test/`, [formFactor]).then(([run]) => (finished.push(`${i}`), run!)),
      ),
    );
    await runner.close();
    expect(runs[2]!.error).toMatch(/busy with other sites/);
    expect(finished.indexOf("0")).toBeLessThan(finished.indexOf("1"));
  });
});

describe("a real Lighthouse lab run through the filtering proxy", () => {
  if (!hasChromium)
    console.log(
      `Skipping the real Lighthouse run: ${CHROMIUM} is not installed (apt-get install chromium; CI installs it).`,
    );
  let site: http.Server;
  let port = 0;
  const requests: string[] = [];
  beforeAll(async () => {
    site = http.createServer((request, response) => {
      requests.push(`${request.headers.host}${request.url}`);
      if (request.url === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
            `content="width=device-width"><title>Lab fixture</title></head>` +
            `<body><h1>Fast hosting in Kigali</h1><p>${"A short paragraph of text to paint. ".repeat(20)}</p>` +
            // The browser must not reach the cloud metadata address, whatever the page asks for.
            `<img src="http://metadata.test/latest/meta-data/" width="10" height="10" alt=""></body></html>`,
        );
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    port = (site.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it.skipIf(!hasChromium)(
    "gives each form factor its score and five metrics, rated, from one Chromium; the proxy refuses the metadata address",
    async () => {
      const { log, lines } = capturingLogger();
      const policy = networkPolicy({
        allowLoopback: true,
        resolve: testResolver({ "site.test": ["127.0.0.1"], "metadata.test": ["169.254.169.254"] }),
      });
      // Generous here only because this shared test machine is loaded; production uses 60 s.
      // Its own scratch root: other processes (a second test run) make kts-lab- folders in TMPDIR too.
      const scratchRoot = mkdtempSync(path.join(tmpdir(), "kts-lab-test-"));
      const runner = lighthouseRunner({ chromePath: CHROMIUM, policy, log, timeoutMs: 150_000, scratchRoot });
      // site.test exists only in the test's resolver: Chromium can reach it through our proxy alone.
      const started: string[] = [];
      const runs = await runner.run(`http://site.test:${port}/`, ["mobile", "desktop"], "en", (formFactor) =>
        started.push(formFactor),
      );
      await runner.close();
      expect(started).toEqual(["mobile", "desktop"]);
      expect(runs.map((run) => [run.formFactor, run.error])).toEqual([
        ["mobile", null],
        ["desktop", null],
      ]);
      for (const run of runs) {
        expect(run.lighthouseVersion).toBe("12.8.2");
        expect(run.performanceScore).toBeGreaterThan(0);
        expect(run.performanceScore).toBeLessThanOrEqual(1);
        expect(run.metrics.map((metric) => metric.id).sort()).toEqual([
          "cumulative-layout-shift",
          "first-contentful-paint",
          "largest-contentful-paint",
          "speed-index",
          "total-blocking-time",
        ]);
        for (const metric of run.metrics) expect(["good", "needs-improvement", "poor"]).toContain(metric.rating);
      }
      // Each form factor loaded the page itself: the desktop run did not reuse the mobile run's cache.
      expect(requests.filter((request) => request === `site.test:${port}/`).length).toBeGreaterThanOrEqual(2);
      expect(lines.join("\n")).toMatch(/169\.254\.169\.254 is a link-local address/);
      expect(readdirSync(scratchRoot)).toEqual([]);
      rmSync(scratchRoot, { recursive: true });
    },
    180_000,
  );

  it.skipIf(!hasChromium)(
    "runs Lighthouse in French for a French request: its display values are French",
    async () => {
      const { log } = capturingLogger();
      const policy = networkPolicy({
        allowLoopback: true,
        resolve: testResolver({ "site.test": ["127.0.0.1"], "metadata.test": ["169.254.169.254"] }),
      });
      const runner = lighthouseRunner({ chromePath: CHROMIUM, policy, log, timeoutMs: 150_000 });
      const [run] = await runner.run(`http://site.test:${port}/`, ["desktop"], "fr");
      await runner.close();
      expect(run!.error).toBeNull();
      // Seconds with a decimal comma: "0,4 s".
      expect(run!.metrics.find((metric) => metric.id === "first-contentful-paint")!.displayValue).toMatch(
        /^\d+,\d\s+s$/,
      );
    },
    180_000,
  );
});
