import type { AnalysisKind, AnalysisResult, AnalysisStage, LabRun } from "#contracts/analysis.ts";
import type { Language } from "#contracts/languages.ts";
import { analysisT } from "./analysis-i18n.ts";
import { parsePage, type Page } from "./html.ts";
import { analyzeSecurity, CORS_PROBE_ORIGIN } from "./security-analysis.ts";
import { analyzeSeo } from "./seo-analysis.ts";
import { type FetchResult, fetchFollowing, fetchOnce, type FollowResult } from "./safe-fetch.ts";
import {
  analyzeSpeed,
  DEFAULT_RESOURCE_LIMITS,
  fetchResources,
  probeHttp2,
  type ResourceLimits,
} from "./speed-analysis.ts";
import type { NetworkPolicy } from "./ssrf-guard.ts";

export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export interface LabRunner {
  /**
   * Runs Lighthouse on the URL once per form factor, in order, one analysis at a time across the
   * process; never throws. `lng` is the language of the request that queued the runs: their words
   * (errors, Lighthouse's own) use it. `onStart` is told as each form factor's run begins.
   */
  run(
    url: string,
    formFactors: readonly LabRun["formFactor"][],
    lng?: Language,
    onStart?: (formFactor: LabRun["formFactor"]) => void,
  ): Promise<LabRun[]>;
}

export interface RunnerDeps {
  policy: NetworkPolicy;
  limits?: ResourceLimits;
  timeoutMs?: number;
  lab: LabRunner | null;
}

export interface FetchedDocument {
  follow: FollowResult;
  page: Page | null;
  warnings: string[];
}

/** The page itself, redirects followed; refusals and dead servers surface here, before any streaming. */
export async function fetchDocument(url: URL, deps: RunnerDeps, lng?: Language): Promise<FetchedDocument> {
  const t = analysisT(lng);
  const follow = await fetchFollowing(url, deps.policy, {
    maxBytes: DOCUMENT_MAX_BYTES,
    timeoutMs: deps.timeoutMs ?? 10_000,
  });
  const warnings: string[] = [];
  const final = follow.final;
  if (final.truncated) {
    warnings.push(t("warnings.truncated", { mb: DOCUMENT_MAX_BYTES / 1024 / 1024 }));
  }
  if (final.status >= 500)
    warnings.push(t("warnings.serverError", { host: new URL(final.url).host, status: final.status }));
  const contentType = String(final.headers["content-type"] ?? "");
  const html = /html/i.test(contentType) || (!contentType && /^\s*</.test(final.body.toString("utf8", 0, 100)));
  if (!html) warnings.push(t("warnings.notHtml", { contentType: contentType || t("warnings.unknownType") }));
  return { follow, page: html ? parsePage(final.body.toString("utf8")) : null, warnings };
}

async function quietly<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch {
    return null;
  }
}

export async function runAnalysis(
  kind: AnalysisKind,
  doc: FetchedDocument,
  deps: RunnerDeps,
  options: { lab: boolean; onStage: (stage: AnalysisStage, progress: number) => void; lng?: Language },
): Promise<AnalysisResult> {
  const lng = options.lng;
  const final = doc.follow.final;
  const origin = new URL(final.url).origin;
  const quick = { timeoutMs: 5000, maxBytes: 512 * 1024 };
  if (kind === "security") {
    options.onStage("security-probes", 0.4);
    const corsOrigin = CORS_PROBE_ORIGIN();
    const requestedHttps = doc.follow.hops[0]!.url.startsWith("https:");
    const httpUrl = new URL(doc.follow.hops[0]!.url);
    httpUrl.protocol = "http:";
    httpUrl.port = "";
    const [corsProbe, httpProbe, securityTxt] = await Promise.all([
      quietly(fetchOnce(final.url, deps.policy, { ...quick, headers: { origin: corsOrigin } })),
      requestedHttps
        ? quietly(fetchFollowing(httpUrl, deps.policy, { ...quick, timeoutMs: 4000 }))
        : Promise.resolve(null),
      quietly(fetchOnce(`${origin}/.well-known/security.txt`, deps.policy, quick)),
    ]);
    return analyzeSecurity({ follow: doc.follow, page: doc.page, corsProbe, httpProbe, securityTxt }, corsOrigin, lng);
  }
  if (kind === "seo") {
    options.onStage("seo-files", 0.4);
    const robotsTxt = await quietly(fetchOnce(`${origin}/robots.txt`, deps.policy, quick));
    const named =
      robotsTxt?.status === 200
        ? [...robotsTxt.body.toString("utf8").matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].map((m) => m[1]!)
        : [];
    let sitemap: FetchResult | null = null;
    for (const candidate of [...named.slice(0, 2), `${origin}/sitemap.xml`]) {
      sitemap =
        (await quietly(fetchFollowing(candidate, deps.policy, { ...quick, maxBytes: 5 * 1024 * 1024 })))?.final ?? null;
      if (sitemap?.status === 200) break;
    }
    return analyzeSeo({ follow: doc.follow, page: doc.page, robotsTxt, sitemap }, lng);
  }
  options.onStage("resources", 0.3);
  const [{ resources, skipped }, h2] = await Promise.all([
    doc.page
      ? fetchResources(doc.page, final.url, deps.policy, deps.limits ?? DEFAULT_RESOURCE_LIMITS)
      : Promise.resolve({ resources: [], skipped: 0 }),
    quietly(probeHttp2(final.url, deps.policy)),
  ]);
  const result = analyzeSpeed({ follow: doc.follow, page: doc.page, resources, skipped, h2 }, lng);
  if (!options.lab) return result;
  if (!deps.lab) return { ...result, labStatus: "unavailable" };
  options.onStage("lab-mobile", 0.5);
  const lab = await deps.lab.run(final.url, ["mobile", "desktop"], lng, (formFactor) => {
    if (formFactor === "desktop") options.onStage("lab-desktop", 0.75);
  });
  return { ...result, lab, labStatus: lab.every((run) => run.error) ? "failed" : "done" };
}
