import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "lighthouse";
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
 * Lighthouse's default config cut to the five metric audits: the report shows the performance
 * score and these metrics, nothing else, and the score is their weighted mean (every other
 * performance audit weighs 0), so it is unchanged. The other audits, and the gatherers only they
 * need (OptimizedImages, TraceElements, BFCacheFailures, a second navigation...), are skipped.
 * Cut here rather than with the `onlyAudits` setting, which resolves the whole default config
 * first (0.5-1.6 s a run on the loaded test machine, against 20-60 ms for this one).
 */
export function metricsOnlyConfig(defaultConfig: Config, settings?: Config["settings"]): Config {
  const performance = defaultConfig.categories!.performance!;
  return {
    settings,
    artifacts: defaultConfig.artifacts,
    audits: METRIC_IDS.map((id) => `metrics/${id}`),
    groups: { metrics: defaultConfig.groups!.metrics! },
    categories: {
      performance: {
        ...performance,
        auditRefs: performance.auditRefs.filter((ref) => (METRIC_IDS as string[]).includes(ref.id)),
      },
    },
  };
}

/**
 * The Lighthouse lab tier: one analysis at a time per server instance (parallel runs on two cores
 * distort each other's numbers, and each Chrome takes ~0.8 GB), in a fresh headless Chromium
 * that can only reach the network through our filtering proxy. One Chromium serves an analysis's
 * form factors, each run in its own new browser context (no cookies, storage, cache or pooled
 * connections from the run before), as a fresh browser would be. The queue lives in this process:
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

  async function runSession(
    url: string,
    formFactors: readonly FormFactor[],
    lng: Language,
    onStart?: (formFactor: FormFactor) => void,
  ): Promise<LabRun[]> {
    const t = analysisT(lng);
    const started = performance.now();
    if (closed) return formFactors.map((formFactor) => failed(formFactor, started, t("lab.shuttingDown")));
    try {
      // chrome-launcher's spawn error would otherwise be an unhandled 'error' event.
      accessSync(options.chromePath, constants.X_OK);
    } catch {
      options.log.error(
        { chromePath: options.chromePath },
        "CHROME_PATH is not an executable file; the lab tier cannot run",
      );
      return formFactors.map((formFactor) => failed(formFactor, started, t("lab.unavailable")));
    }
    const [
      { port: proxyPort },
      chromeLauncher,
      { default: lighthouse, desktopConfig },
      { default: defaultConfig },
      { default: puppeteer },
    ] = await Promise.all([
      getProxy(),
      import("chrome-launcher"),
      import("lighthouse"),
      import("lighthouse/core/config/default-config.js"),
      import("puppeteer-core"),
    ]);
    // Chrome's profile and the `org.chromium.Chromium.*` folders it leaves in TMPDIR both go here.
    const scratch = mkdtempSync(path.join(options.scratchRoot ?? tmpdir(), "kts-lab-"));
    type Chrome = Awaited<ReturnType<typeof chromeLauncher.launch>>;
    type Browser = Awaited<ReturnType<typeof puppeteer.connect>>;
    interface Running {
      launched: Chrome | null;
      browser: Browser | null;
      stopped: boolean;
    }
    let chrome: Running | null = null;
    let launches = 0;
    let finished = false;

    const stopChrome = async () => {
      const current = chrome;
      chrome = null;
      if (!current) return;
      current.stopped = true;
      try {
        await current.browser?.disconnect();
      } catch {
        // Chromium is being killed anyway.
      }
      try {
        await current.launched?.kill();
      } catch (error) {
        options.log.warn({ err: error }, "could not stop Chromium");
      }
    };

    // One form factor; its deadline counts Chromium's launch when this run is the one that starts it.
    async function runOne(formFactor: FormFactor): Promise<LabRun> {
      const runStarted = performance.now();
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      try {
        const work = (async () => {
          if (!chrome) {
            const current: Running = { launched: null, browser: null, stopped: false };
            chrome = current;
            // A profile per launch: a Chromium that overran its deadline may still be starting on the last one.
            const profile = path.join(scratch, `profile-${(launches += 1)}`);
            mkdirSync(profile);
            current.launched = await chromeLauncher.launch({
              chromePath: options.chromePath,
              chromeFlags: chromeFlags(proxyPort),
              userDataDir: profile,
              // Chromium needs the process's own environment (PATH, HOME, locale), with its scratch directory.
              // eslint-disable-next-line no-restricted-syntax -- passed through to a child process, not configuration
              envVars: { ...process.env, TMPDIR: scratch } as Record<string, string>,
              logLevel: "silent",
              handleSIGINT: false,
            });
            // Started after the deadline: the cleanup has already run, so stop it here.
            if (current.stopped) {
              await current.launched.kill();
              // The session's own clean-up may have run already (this was its last form factor).
              rmSync(finished ? scratch : profile, { recursive: true, force: true, maxRetries: 3 });
              throw new Error("timed out while Chromium started");
            }
            // Lighthouse emulates the device itself: puppeteer must leave the viewport alone.
            current.browser = await puppeteer.connect({
              browserURL: `http://127.0.0.1:${current.launched.port}`,
              defaultViewport: null,
            });
          }
          const browser = (chrome as Running).browser!;
          const context = await browser.createBrowserContext();
          try {
            const page = await context.newPage();
            const result = await lighthouse(
              url,
              {
                output: "json",
                logLevel: "error",
                disableFullPageScreenshot: true,
                maxWaitForLoad: 45_000,
                locale: LIGHTHOUSE_LOCALES[lng],
              },
              metricsOnlyConfig(defaultConfig, formFactor === "desktop" ? desktopConfig.settings : undefined),
              page,
            );
            if (!result) throw new Error("Lighthouse returned no result.");
            return summarizeLhr(
              result.lhr as unknown as LhrLike,
              formFactor,
              Math.round(performance.now() - runStarted),
              lng,
            );
          } finally {
            await context.close().catch(() => {});
          }
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
        // A run that failed or overran leaves Chromium in an unknown state: the next one gets a new one.
        await stopChrome();
        return failed(
          formFactor,
          runStarted,
          timedOut ? t("lab.timeout", { count: Math.round(timeoutMs / 1000) }) : t("lab.failed"),
        );
      } finally {
        clearTimeout(timer);
      }
    }

    const runs: LabRun[] = [];
    try {
      for (const formFactor of formFactors) {
        if (closed) {
          runs.push(failed(formFactor, performance.now(), t("lab.shuttingDown")));
          continue;
        }
        onStart?.(formFactor);
        runs.push(await runOne(formFactor));
      }
      return runs;
    } finally {
      finished = true;
      await stopChrome();
      rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
    }
  }

  return {
    run(url, formFactors, lng, onStart) {
      // The runs may wait behind others: their words stay in the language of the request that queued
      // them (English outside a request, e.g. the bench).
      const language = lng ?? currentLanguage();
      const refuse = (message: string) =>
        formFactors.map((formFactor) => failed(formFactor, performance.now(), analysisT(language)(message)));
      if (waiting >= maxWaiting) return Promise.resolve(refuse("lab.busy"));
      waiting += 1;
      const turn = tail.then(() => {
        waiting -= 1;
        return runSession(url, formFactors, language, onStart);
      });
      tail = turn.catch(() => {});
      return turn.catch((error: unknown) => {
        options.log.warn({ err: error, url }, "lab run failed before Chromium started");
        return refuse("lab.failed");
      });
    },
    async close() {
      closed = true;
      await tail;
      if (proxy) await (await proxy.catch(() => null))?.close();
    },
  };
}
