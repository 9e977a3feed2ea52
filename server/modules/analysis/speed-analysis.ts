import tls from "node:tls";
import zlib from "node:zlib";
import type { Check, Opportunity, ResourceType, SpeedResult } from "#contracts/analysis.ts";
import type { Language } from "#contracts/languages.ts";
import { analysisT } from "./analysis-i18n.ts";
import { attr, inHead, type Page, resolveUrl } from "./html.ts";
import { imageInfo, type ImageInfo } from "./image-size.ts";
import { type FetchResult, fetchFollowing, type FollowResult } from "./safe-fetch.ts";
import { checkUrl, guardedLookup, type NetworkPolicy } from "./ssrf-guard.ts";

export interface ResourceLimits {
  maxRequests: number;
  maxTotalBytes: number;
  maxResourceBytes: number;
  concurrency: number;
  timeoutMs: number;
}

export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = {
  maxRequests: 60,
  maxTotalBytes: 20 * 1024 * 1024,
  maxResourceBytes: 5 * 1024 * 1024,
  concurrency: 6,
  timeoutMs: 10_000,
};

export interface Resource {
  url: string;
  type: ResourceType;
  renderBlocking: boolean;
  /** From the tag, for sizing checks. */
  attributes: Record<string, string>;
  result: FetchResult | null;
  error: string | null;
  image: ImageInfo | null;
}

interface Wanted {
  url: string;
  type: ResourceType;
  renderBlocking: boolean;
  attributes: Record<string, string>;
}

/** Resources the HTML names (scripts, stylesheets, images, preloaded fonts), in document order. */
export function discoverResources(page: Page, baseUrl: string): Wanted[] {
  const wanted: Wanted[] = [];
  const seen = new Set<string>();
  const add = (
    href: string | undefined,
    type: ResourceType,
    renderBlocking: boolean,
    attributes: Record<string, string>,
  ) => {
    const url = resolveUrl(href, baseUrl);
    if (!url || !/^https?:$/.test(url.protocol) || seen.has(url.href)) return;
    seen.add(url.href);
    wanted.push({ url: url.href, type, renderBlocking, attributes });
  };
  for (const link of page.all("link")) {
    const rel = (attr(link, "rel") ?? "").toLowerCase().split(/\s+/);
    const media = (attr(link, "media") ?? "all").toLowerCase();
    if (rel.includes("stylesheet"))
      add(attr(link, "href"), "css", inHead(link) && (media === "all" || media === "screen"), link.attribs);
    else if (rel.includes("preload") && attr(link, "as") === "font")
      add(attr(link, "href"), "font", false, link.attribs);
  }
  for (const script of page.all("script")) {
    const src = attr(script, "src");
    if (!src) continue;
    const blocking =
      inHead(script) &&
      attr(script, "async") === undefined &&
      attr(script, "defer") === undefined &&
      attr(script, "type") !== "module";
    add(src, "js", blocking, script.attribs);
  }
  for (const image of page.all("img")) add(attr(image, "src"), "image", false, image.attribs);
  return wanted;
}

/** url() references to fonts and @imports inside a stylesheet. */
function cssReferences(css: string, baseUrl: string): Wanted[] {
  const found: Wanted[] = [];
  for (const match of css.matchAll(/@import\s+(?:url\()?["']?([^"')\s;]+)/gi)) {
    const url = resolveUrl(match[1], baseUrl);
    if (url) found.push({ url: url.href, type: "css", renderBlocking: true, attributes: {} });
  }
  for (const match of css.matchAll(/url\(\s*["']?([^"')]+\.(?:woff2?|ttf|otf|eot))(?:[?#][^"')]*)?["']?\s*\)/gi)) {
    const url = resolveUrl(match[1], baseUrl);
    if (url) found.push({ url: url.href, type: "font", renderBlocking: false, attributes: {} });
  }
  return found;
}

/** Fetches the page's resources through the SSRF guard, within count, byte and time limits. */
export async function fetchResources(
  page: Page,
  baseUrl: string,
  policy: NetworkPolicy,
  limits: ResourceLimits = DEFAULT_RESOURCE_LIMITS,
  signal?: AbortSignal,
): Promise<{ resources: Resource[]; skipped: number }> {
  const queue = discoverResources(page, baseUrl);
  const seen = new Set(queue.map((w) => w.url));
  const resources: Resource[] = [];
  let totalBytes = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const wanted = queue[next++]!;
      if (resources.length >= limits.maxRequests || totalBytes >= limits.maxTotalBytes || signal?.aborted) {
        skipped += 1;
        continue;
      }
      const resource: Resource = { ...wanted, result: null, error: null, image: null };
      resources.push(resource);
      try {
        const { final } = await fetchFollowing(wanted.url, policy, {
          maxBytes: Math.min(limits.maxResourceBytes, limits.maxTotalBytes - totalBytes),
          timeoutMs: limits.timeoutMs,
          signal,
          headers: { accept: wanted.type === "image" ? "image/avif,image/webp,image/*,*/*;q=0.8" : "*/*" },
        });
        resource.result = final;
        totalBytes += final.wireBytes;
        if (wanted.type === "image")
          resource.image = imageInfo(final.body, String(final.headers["content-type"] ?? ""));
        if (wanted.type === "css" && final.status === 200) {
          for (const reference of cssReferences(final.body.toString("utf8"), final.url)) {
            if (!seen.has(reference.url)) {
              seen.add(reference.url);
              queue.push(reference);
            }
          }
        }
      } catch (error) {
        resource.error = (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  return { resources, skipped };
}

/** Whether the server offers HTTP/2 (ALPN), over a guarded connection; null when not https. */
export async function probeHttp2(url: string, policy: NetworkPolicy): Promise<boolean | null> {
  const target = checkUrl(url, policy);
  if (target.protocol !== "https:") return null;
  const host = target.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve) => {
    const socket = tls.connect({
      host,
      port: Number(target.port || 443),
      servername: /^[\d.]+$|:/.test(host) ? undefined : host,
      ALPNProtocols: ["h2", "http/1.1"],
      rejectUnauthorized: false,
      lookup: guardedLookup(policy) as never,
      timeout: 5000,
    });
    const done = (value: boolean | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.once("secureConnect", () => done(socket.alpnProtocol === "h2"));
    socket.once("error", () => done(null));
    socket.once("timeout", () => done(null));
  });
}

// Lighthouse's log-normal scoring: value at p10 scores 0.9, at the median 0.5.
function erf(x: number): number {
  const sign = Math.sign(x);
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-ax * ax));
}

export function logNormalScore(p10: number, median: number, value: number): number {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.9062938208595464) / -Math.log(p10 / median);
  const percentile = (1 - erf(standardized)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, percentile));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, percentile));
  return Math.max(0, Math.min(0.49999999999999994, percentile));
}

const TEXT_TYPES = /text\/|javascript|json|xml|svg/i;
const MIN_COMPRESSIBLE = 1400;

function maxAge(result: FetchResult): number {
  const cacheControl = String(result.headers["cache-control"] ?? "").toLowerCase();
  if (/no-store|no-cache/.test(cacheControl)) return 0;
  const match = cacheControl.match(/(?:s-)?max-age=(\d+)/);
  if (match) return Number(match[1]);
  const expires = result.headers.expires ? Date.parse(String(result.headers.expires)) : NaN;
  return Number.isFinite(expires) ? Math.max(0, (expires - Date.now()) / 1000) : 0;
}

export interface SpeedInput {
  follow: FollowResult;
  page: Page | null;
  resources: Resource[];
  skipped: number;
  h2: boolean | null;
}

/** The network speed checks; their words are in `lng` when given, else in the current request's language. */
export function analyzeSpeed(input: SpeedInput, lng?: Language): SpeedResult {
  const t = analysisT(lng);
  const kb = (bytes: number) => t("units.kb", { value: Math.round(bytes / 1024) });
  const document = input.follow.final;
  const fetched = input.resources.filter((r) => r.result && r.result.status < 400);
  const all: { type: ResourceType; url: string; result: FetchResult }[] = [
    { type: "document", url: document.url, result: document },
    ...fetched.map((r) => ({ type: r.type, url: r.url, result: r.result! })),
  ];
  const byType = (["document", "css", "js", "font", "image", "other"] as const)
    .map((type) => {
      const items = all.filter((r) => r.type === type);
      return { type, bytes: items.reduce((s, r) => s + r.result.wireBytes, 0), requests: items.length };
    })
    .filter((t) => t.requests > 0);
  const totalBytes = byType.reduce((s, t) => s + t.bytes, 0);
  const opportunities: Opportunity[] = [];
  const checks: Check[] = [];

  // Compression: what gzip would actually save on each uncompressed text response.
  const uncompressed = all.filter(
    (r) =>
      !r.result.headers["content-encoding"] &&
      TEXT_TYPES.test(String(r.result.headers["content-type"] ?? "")) &&
      r.result.decodedBytes > MIN_COMPRESSIBLE,
  );
  const compressionSavings = uncompressed.map((r) => ({
    url: r.url,
    saved: r.result.decodedBytes - zlib.gzipSync(r.result.body, { level: 6 }).length,
  }));
  const compressionTotal = compressionSavings.reduce((s, r) => s + r.saved, 0);
  if (compressionTotal > 1024) {
    opportunities.push({
      id: "enable-compression",
      title: t("speed.compressionOpportunity.title"),
      detail: t("speed.compressionOpportunity.detail", { size: kb(compressionTotal) }),
      savingsBytes: compressionTotal,
      savingsMs: 0,
      items: compressionSavings.map((r) => `${r.url} (−${kb(r.saved)})`).slice(0, 20),
    });
  }

  const images = input.resources.filter((r) => r.type === "image" && r.result && r.result.status < 400 && r.image);
  const legacy = images.filter(
    (r) => ["png", "jpeg", "gif"].includes(r.image!.format) && r.result!.wireBytes > 10 * 1024,
  );
  // WebP/AVIF typically save a quarter to a half; we use 30% so the estimate stays honest.
  const formatSavings = legacy.reduce((s, r) => s + Math.round(r.result!.wireBytes * 0.3), 0);
  if (legacy.length) {
    opportunities.push({
      id: "modern-image-formats",
      title: t("speed.modernImages.title"),
      detail: t("speed.modernImages.detail", { count: legacy.length }),
      savingsBytes: formatSavings,
      savingsMs: 0,
      items: legacy.map((r) => `${r.url} (${r.image!.format}, ${kb(r.result!.wireBytes)})`).slice(0, 20),
    });
  }
  const oversized = images
    .map((r) => {
      const shown = Number(r.attributes.width);
      const natural = r.image!.width;
      const ratio =
        shown > 0 && natural ? Math.min(1, (shown * 2) / natural) : r.result!.wireBytes > 300 * 1024 ? 0.5 : 1;
      return { r, saved: Math.round(r.result!.wireBytes * (1 - ratio * ratio)) };
    })
    .filter((x) => x.saved > 20 * 1024);
  if (oversized.length) {
    opportunities.push({
      id: "properly-size-images",
      title: t("speed.sizeImages.title"),
      detail: t("speed.sizeImages.detail"),
      savingsBytes: oversized.reduce((s, x) => s + x.saved, 0),
      savingsMs: 0,
      items: oversized
        .map((x) => `${x.r.url} (${x.r.image!.width ?? "?"}×${x.r.image!.height ?? "?"}, ${kb(x.r.result!.wireBytes)})`)
        .slice(0, 20),
    });
  }
  const blocking = input.resources.filter((r) => r.renderBlocking && r.result);
  if (blocking.length) {
    opportunities.push({
      id: "render-blocking-resources",
      title: t("speed.renderBlocking.title"),
      detail: t("speed.renderBlocking.detail"),
      savingsBytes: 0,
      savingsMs: Math.round(blocking.reduce((s, r) => s + r.result!.timing.total, 0)),
      items: blocking.map((r) => `${r.url} (${kb(r.result!.wireBytes)})`).slice(0, 20),
    });
  }
  const WEEK = 7 * 24 * 3600;
  const shortCache = fetched.filter((r) => r.type !== "document" && maxAge(r.result!) < WEEK);
  if (shortCache.length) {
    opportunities.push({
      id: "cache-static-assets",
      title: t("speed.cacheAssets.title"),
      detail: t("speed.cacheAssets.detail"),
      savingsBytes: shortCache.reduce((s, r) => s + r.result!.wireBytes, 0),
      savingsMs: 0,
      items: shortCache
        .map((r) => `${r.url} (${maxAge(r.result!) ? `${Math.round(maxAge(r.result!))} s` : t("units.noCache")})`)
        .slice(0, 20),
    });
  }
  const redirects = input.follow.hops.slice(0, -1);
  if (redirects.length) {
    opportunities.push({
      id: "avoid-redirects",
      title: t("speed.avoidRedirects.title"),
      detail: t("speed.avoidRedirects.detail", { count: redirects.length }),
      savingsBytes: 0,
      savingsMs: Math.round(redirects.reduce((s, h) => s + h.ms, 0)),
      items: redirects.map((h) => `${h.status} ${h.url} → ${h.location}`),
    });
  }
  const ttfb = document.timing.ttfb;
  if (ttfb > 600) {
    opportunities.push({
      id: "server-response-time",
      title: t("speed.serverResponse.title"),
      detail: t("speed.serverResponse.detail", { ms: Math.round(ttfb) }),
      savingsBytes: 0,
      savingsMs: Math.round(ttfb - 200),
      items: [],
    });
  }
  opportunities.sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);

  checks.push({
    id: "ttfb",
    status: ttfb <= 800 ? "pass" : ttfb <= 1800 ? "warn" : "fail",
    title: t("speed.ttfb.title"),
    detail: t("speed.ttfb.detail", { ms: Math.round(ttfb) }),
    priority: ttfb > 1800 ? "high" : ttfb > 800 ? "medium" : undefined,
  });
  const encoding = document.headers["content-encoding"] ? String(document.headers["content-encoding"]) : null;
  checks.push({
    id: "compression",
    status: encoding || document.decodedBytes <= MIN_COMPRESSIBLE ? "pass" : "fail",
    title: t("speed.compression.title"),
    detail: encoding ? t("speed.compression.compressed", { encoding }) : t("speed.compression.none"),
    priority: encoding ? undefined : "high",
  });
  checks.push({
    id: "http-version",
    status: input.h2 ? "pass" : input.h2 === null ? "info" : "warn",
    title: t("speed.httpVersion.title"),
    detail: t(
      input.h2 ? "speed.httpVersion.h2" : input.h2 === null ? "speed.httpVersion.plainHttp" : "speed.httpVersion.h1",
    ),
    priority: input.h2 === false ? "medium" : undefined,
  });
  checks.push({
    id: "page-weight",
    status: totalBytes <= 1.6 * 1024 * 1024 ? "pass" : totalBytes <= 4 * 1024 * 1024 ? "warn" : "fail",
    title: t("speed.pageWeight.title"),
    detail: t("speed.pageWeight.detail", { size: kb(totalBytes), count: all.length }),
    priority: totalBytes > 4 * 1024 * 1024 ? "high" : totalBytes > 1.6 * 1024 * 1024 ? "medium" : undefined,
  });
  const unsized = input.page?.all("img").filter((i) => !attr(i, "width") || !attr(i, "height")) ?? [];
  if (input.page?.all("img").length) {
    checks.push({
      id: "image-dimensions",
      status: unsized.length ? "warn" : "pass",
      title: t("speed.imageDimensions.title"),
      detail: unsized.length
        ? t("speed.imageDimensions.warn", { count: unsized.length })
        : t("speed.imageDimensions.pass"),
      priority: unsized.length ? "medium" : undefined,
    });
    const firstImage = input.page.first("img")!;
    if (attr(firstImage, "loading") === "lazy") {
      checks.push({
        id: "lcp-lazy",
        status: "warn",
        title: t("speed.lcpLazy.title"),
        detail: t("speed.lcpLazy.detail"),
        priority: "medium",
      });
    }
  }
  const failed = input.resources.filter((r) => r.error || (r.result && r.result.status >= 400));
  if (failed.length) {
    checks.push({
      id: "broken-resources",
      status: "fail",
      title: t("speed.brokenResources.title"),
      detail: t("speed.brokenResources.detail", {
        count: failed.length,
        urls: failed
          .slice(0, 5)
          .map((r) => r.url)
          .join(", "),
      }),
      priority: "medium",
    });
  }

  const savingsBytes = opportunities.reduce((s, o) => s + o.savingsBytes, 0);
  const blockingCount = blocking.length;
  const score = Math.round(
    100 *
      // Redirects count: the visitor waits for them before the first byte of the page.
      (0.3 * logNormalScore(600, 1600, ttfb + redirects.reduce((sum, h) => sum + h.ms, 0)) +
        0.25 * logNormalScore(1600 * 1024, 4000 * 1024, totalBytes) +
        0.2 * logNormalScore(100 * 1024, 1000 * 1024, savingsBytes) +
        0.15 * (blockingCount === 0 ? 1 : blockingCount === 1 ? 0.6 : blockingCount === 2 ? 0.4 : 0.2) +
        0.1 * logNormalScore(25, 80, all.length)),
  );
  return {
    kind: "speed",
    score,
    timing: document.timing,
    redirects: input.follow.hops.map((h) => ({ url: h.url, status: h.status, ms: h.ms })),
    httpVersion: input.h2 ? "HTTP/2" : `HTTP/${document.httpVersion}`,
    h2: input.h2,
    compression: encoding,
    weight: { totalBytes, requests: all.length, byType, skipped: input.skipped },
    opportunities,
    checks,
    lab: [],
    labStatus: "not-requested",
  };
}
