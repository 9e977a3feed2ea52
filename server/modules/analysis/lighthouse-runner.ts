import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { LabMetric, LabRun } from "#contracts/analysis.ts";
import type { Language } from "#contracts/languages.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { analysisT } from "./analysis-i18n.ts";
import type { LabRunner } from "./analysis-runner.ts";
import { type FilteringProxy, startFilteringProxy } from "./filtering-proxy.ts";
import type { NetworkPolicy } from "./ssrf-guard.ts";

export interface LighthouseRunnerOptions {
  chromePath: string;
  policy: NetworkPolicy;
  log: FastifyBaseLogger;
  /** Whole run, Chrome launch included; past it Chrome is killed. */
  timeoutMs?: number;
  /** Where each run's scratch folder is made (the system's temporary folder unless told). */
  scratchRoot?: string;
  /** Runs allowed to wait behind the current one before new ones are turned away. */
  maxWaiting?: number;
}

export const LAB_TIMEOUT_MS = 60_000;

type FormFactor = LabRun["formFactor"];
type MetricId = LabMetric["id"];

/**
 * Lighthouse's own scoring control points (12.8.2 and 13.x): at or under the first a metric is
 * good (score ≥ 0.9), over the second it is poor (score < 0.5). Milliseconds, CLS unitless.
 */
export const METRIC_THRESHOLDS: Record<FormFactor, Record<MetricId, [good: number, poor: number]>> = {
  mobile: {
    "first-contentful-paint": [1800, 3000],
    "speed-index": [3387, 5800],
    "largest-contentful-paint": [2500, 4000],
    "total-blocking-time": [200, 600],
    "cumulative-layout-shift": [0.1, 0.25],
  },
  desktop: {
    "first-contentful-paint": [934, 1600],
    "speed-index": [1311, 2300],
    "largest-contentful-paint": [1200, 2400],
    "total-blocking-time": [150, 350],
    "cumulative-layout-shift": [0.1, 0.25],
  },
};

export function rateMetric(formFactor: FormFactor, id: MetricId, value: number): LabMetric["rating"] {
  const [good, poor] = METRIC_THRESHOLDS[formFactor][id];
  return value <= good ? "good" : value > poor ? "poor" : "needs-improvement";
}

const METRIC_IDS = Object.keys(METRIC_THRESHOLDS.mobile) as MetricId[];

/** The flags chrome-launcher is given: quiet, headless, and every byte through our proxy. */
export function chromeFlags(proxyPort: number): string[] {
  return [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    `--proxy-server=http://127.0.0.1:${proxyPort}`,
    // Without this Chrome talks to localhost directly, past the proxy.
    "--proxy-bypass-list=<-loopback>",
    // WebRTC's UDP does not use the HTTP proxy.
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  ];
}

interface AuditLike {
  numericValue?: number;
  displayValue?: string;
  score: number | null;
}
interface LhrLike {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, AuditLike | undefined>;
}

/**
 * Lighthouse's locale for a site language. Its words reach the visitor (runtime errors, metric
 * display values such as "1,2 s"), so a French run asks for French. Lighthouse 12.8.2 ships no
 * Swahili or Kinyarwanda catalog (shared/localization/locales has neither sw nor rw): those runs
 * stay in Lighthouse's English; only our own words around them are translated.
 */
export const LIGHTHOUSE_LOCALES: Record<Language, "en-US" | "fr"> = { en: "en-US", fr: "fr", sw: "en-US", rw: "en-US" };

/** The trimmed summary the visitor sees (the full LHR is about half a megabyte). */
export function summarizeLhr(lhr: LhrLike, formFactor: FormFactor, durationMs: number, lng?: Language): LabRun {
  if (lhr.runtimeError) {
    const error = analysisT(lng)("lab.lighthouseError", { message: lhr.runtimeError.message });
    return {
      formFactor,
      performanceScore: null,
      metrics: [],
      error,
      lighthouseVersion: lhr.lighthouseVersion,
      durationMs,
    };
  }
  const metrics: LabMetric[] = [];
  for (const id of METRIC_IDS) {
    const audit = lhr.audits[id];
    if (!audit || typeof audit.numericValue !== "number") continue;
    metrics.push({
      id,
      value: audit.numericValue,
      displayValue: audit.displayValue ?? String(audit.numericValue),
      score: audit.score ?? 0,
      rating: rateMetric(formFactor, id, audit.numericValue),
    });
  }
  return {
    formFactor,
    performanceScore: lhr.categories.performance?.score ?? null,
    metrics,
    error: null,
    lighthouseVersion: lhr.lighthouseVersion,
    durationMs,
  };
}

const LIGHTHOUSE_VERSION = "12.8.2";

/**
 * The Lighthouse lab tier: one run at a time per server instance (parallel runs on two cores
 * distort each other's numbers, and each Chrome takes ~0.8 GB), in a fresh headless Chromium
 * that can only reach the network through our filtering proxy. The queue lives in this process:
 * several instances each run one at a time.
 */
export function lighthouseRunner(options: LighthouseRunnerOptions): LabRunner & { close(): Promise<void> } {
  const timeoutMs = options.timeoutMs ?? LAB_TIMEOUT_MS;
  const maxWaiting = options.maxWaiting ?? 6;
  let proxy: Promise<FilteringProxy> | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let closed = false;

  const getProxy = () =>
    (proxy ??= startFilteringProxy(options.policy, (target, reason) =>
      options.log.debug({ target, reason }, "lab proxy refused a request"),
    ).catch((error: unknown) => {
      proxy = null;
      throw error;
    }));

  const failed = (formFactor: FormFactor, started: number, error: string): LabRun => ({
    formFactor,
    performanceScore: null,
    metrics: [],
    error,
    lighthouseVersion: LIGHTHOUSE_VERSION,
    durationMs: Math.round(performance.now() - started),
  });

  async function runOnce(url: string, formFactor: FormFactor, lng: Language): Promise<LabRun> {
    const t = analysisT(lng);
    const started = performance.now();
    if (closed) return failed(formFactor, started, t("lab.shuttingDown"));
    try {
      // chrome-launcher's spawn error would otherwise be an unhandled 'error' event.
      accessSync(options.chromePath, constants.X_OK);
    } catch {
      options.log.error(
        { chromePath: options.chromePath },
        "CHROME_PATH is not an executable file; the lab tier cannot run",
      );
      return failed(formFactor, started, t("lab.unavailable"));
    }
    const [{ port: proxyPort }, chromeLauncher, { default: lighthouse, desktopConfig }] = await Promise.all([
      getProxy(),
      import("chrome-launcher"),
      import("lighthouse"),
    ]);
    // Chrome's profile and the `org.chromium.Chromium.*` folders it leaves in TMPDIR both go here.
    const scratch = mkdtempSync(path.join(options.scratchRoot ?? tmpdir(), "kts-lab-"));
    mkdirSync(path.join(scratch, "profile"));
    let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | null = null;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      const work = (async () => {
        const launched = await chromeLauncher.launch({
          chromePath: options.chromePath,
          chromeFlags: chromeFlags(proxyPort),
          userDataDir: path.join(scratch, "profile"),
          // Chromium needs the process's own environment (PATH, HOME, locale), with its scratch directory.
          // eslint-disable-next-line no-restricted-syntax -- passed through to a child process, not configuration
          envVars: { ...process.env, TMPDIR: scratch } as Record<string, string>,
          logLevel: "silent",
          handleSIGINT: false,
        });
        chrome = launched;
        // Started after the deadline: the cleanup below has already run, so stop it here.
        if (timedOut) {
          await launched.kill();
          rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
          throw new Error("timed out while Chromium started");
        }
        const result = await lighthouse(
          url,
          {
            port: launched.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            disableFullPageScreenshot: true,
            maxWaitForLoad: 45_000,
            locale: LIGHTHOUSE_LOCALES[lng],
          },
          formFactor === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error("Lighthouse returned no result.");
        return summarizeLhr(result.lhr as unknown as LhrLike, formFactor, Math.round(performance.now() - started), lng);
      })();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          reject(
            new Error(`The browser test took longer than ${Math.round(timeoutMs / 1000)} seconds and was stopped.`),
          );
        }, timeoutMs);
      });
      work.catch(() => {});
      return await Promise.race([work, timeout]);
    } catch (error) {
      options.log.warn({ err: error, url, formFactor }, "lab run failed");
      // timedOut is only set by the timer until the finally below runs.
      return failed(
        formFactor,
        started,
        timedOut ? t("lab.timeout", { count: Math.round(timeoutMs / 1000) }) : t("lab.failed"),
      );
    } finally {
      clearTimeout(timer);
      timedOut = true;
      try {
        await (chrome as { kill(): Promise<void> } | null)?.kill();
      } catch (error) {
        options.log.warn({ err: error }, "could not stop Chromium");
      }
      rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
    }
  }

  return {
    run(url, formFactor, lng) {
      // The run may wait behind others: its words stay in the language of the request that queued it
      // (English outside a request, e.g. the bench).
      const language = lng ?? currentLanguage();
      if (waiting >= maxWaiting) {
        return Promise.resolve(failed(formFactor, performance.now(), analysisT(language)("lab.busy")));
      }
      waiting += 1;
      const turn = tail.then(() => {
        waiting -= 1;
        return runOnce(url, formFactor, language);
      });
      tail = turn.catch(() => {});
      return turn.catch((error: unknown) => {
        options.log.warn({ err: error, url, formFactor }, "lab run failed before Chromium started");
        return failed(formFactor, performance.now(), analysisT(language)("lab.failed"));
      });
    },
    async close() {
      closed = true;
      await tail;
      if (proxy) await (await proxy.catch(() => null))?.close();
    },
  };
}
