import robotsParser from "robots-parser";
import type { Check, SeoResult } from "#contracts/analysis.ts";
import type { Language } from "#contracts/languages.ts";
import { analysisT } from "./analysis-i18n.ts";
import { attr, type Element, metaContent, type Page, resolveUrl } from "./html.ts";
import type { FetchResult, FollowResult } from "./safe-fetch.ts";

export interface SeoInput {
  follow: FollowResult;
  page: Page | null;
  robotsTxt: FetchResult | null;
  sitemap: FetchResult | null;
}

/** Lighthouse's English list of link texts that say nothing about the target. */
const GENERIC_LINK_TEXT = new Set([
  "click here",
  "click this",
  "go",
  "here",
  "information",
  "learn more",
  "more",
  "more info",
  "more information",
  "right here",
  "read more",
  "see more",
  "start",
  "this",
]);

const check = (c: Check): Check => c;

function header(result: FetchResult, name: string): string | undefined {
  const value = result.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Parses robots.txt strictly enough to catch the mistakes that make crawlers give up. */
export function robotsProblems(body: string, lng?: Language): string[] {
  const t = analysisT(lng);
  const known = /^(user-agent|allow|disallow|sitemap|crawl-delay|host|clean-param|noindex|request-rate|visit-time)$/i;
  const problems: string[] = [];
  let sawAgent = false;
  body.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) return;
    const match = line.match(/^([A-Za-z-]+)\s*:\s*(.*)$/);
    const at = index + 1;
    if (!match) return problems.push(t("seo.robots.problems.syntax", { line: at, text: line.slice(0, 60) }));
    const [, field, value] = match;
    if (!known.test(field!)) return problems.push(t("seo.robots.problems.unknownField", { line: at, field }));
    if (/^user-agent$/i.test(field!)) sawAgent = true;
    else if (/^(allow|disallow)$/i.test(field!) && !sawAgent)
      problems.push(t("seo.robots.problems.beforeAgent", { line: at, field }));
    else if (/^sitemap$/i.test(field!) && !/^https?:\/\//i.test(value!))
      problems.push(t("seo.robots.problems.sitemapRelative", { line: at }));
    return undefined;
  });
  return problems;
}

const LANG_CODE = /^([a-z]{2,3})(-[a-z]{4})?(-([a-z]{2}|\d{3}))?$/i;

/** The SEO checks; their words are in `lng` when given, else in the current request's language. */
export function analyzeSeo(input: SeoInput, lng?: Language): SeoResult {
  const t = analysisT(lng);
  const final = input.follow.final;
  const page = input.page;
  const url = new URL(final.url);
  const checks: Check[] = [];

  checks.push(
    final.status < 400
      ? check({
          id: "http-status",
          status: "pass",
          title: t("seo.httpStatus.title"),
          detail: t("seo.httpStatus.pass", { status: final.status }),
        })
      : check({
          id: "http-status",
          status: "fail",
          title: t("seo.httpStatus.title"),
          detail: t("seo.httpStatus.fail", { status: final.status }),
          priority: "high",
          fix: t("seo.httpStatus.fix"),
        }),
  );
  const hops = input.follow.hops.length - 1;
  if (hops > 2) {
    checks.push(
      check({
        id: "redirect-chain",
        status: "warn",
        title: t("seo.redirectChain.title"),
        detail: t("seo.redirectChain.warn", { count: hops }),
        priority: "medium",
        fix: t("seo.redirectChain.fix"),
      }),
    );
  }

  const title = page?.first("title") ? page.text(page.first("title")!) : null;
  checks.push(
    !title
      ? check({
          id: "title",
          status: "fail",
          title: t("seo.title.title"),
          detail: t("seo.title.missing"),
          priority: "high",
          fix: t("seo.title.fixMissing"),
        })
      : title.length < 15 || title.length > 60
        ? check({
            id: "title",
            status: "warn",
            title: t("seo.title.title"),
            detail: t("seo.title.length", { title, count: title.length }),
            priority: "low",
            fix: t("seo.title.fixLength"),
          })
        : check({
            id: "title",
            status: "pass",
            title: t("seo.title.title"),
            detail: t("seo.title.pass", { title, count: title.length }),
          }),
  );
  const description = page ? (metaContent(page, "description")?.trim() ?? null) : null;
  checks.push(
    !description
      ? check({
          id: "meta-description",
          status: "fail",
          title: t("seo.description.title"),
          detail: t("seo.description.missing"),
          priority: "high",
          fix: t("seo.description.fixMissing"),
        })
      : description.length < 50 || description.length > 160
        ? check({
            id: "meta-description",
            status: "warn",
            title: t("seo.description.title"),
            detail: t("seo.description.length", { count: description.length }),
            priority: "low",
            fix: t("seo.description.fixLength"),
          })
        : check({
            id: "meta-description",
            status: "pass",
            title: t("seo.description.title"),
            detail: t("seo.description.pass", { count: description.length }),
          }),
  );

  const h1 = page?.all("h1").map((h) => page.text(h)) ?? [];
  checks.push(
    h1.length === 1
      ? check({
          id: "h1",
          status: "pass",
          title: t("seo.h1.title"),
          detail: t("seo.h1.pass", { text: h1[0]!.slice(0, 80) }),
        })
      : h1.length === 0
        ? check({
            id: "h1",
            status: "fail",
            title: t("seo.h1.title"),
            detail: t("seo.h1.missing"),
            priority: "medium",
            fix: t("seo.h1.fixMissing"),
          })
        : check({
            id: "h1",
            status: "warn",
            title: t("seo.h1.title"),
            detail: t("seo.h1.many", { count: h1.length }),
            priority: "low",
            fix: t("seo.h1.fixMany"),
          }),
  );
  if (page) {
    const headings: number[] = [];
    const visit = (nodes: Element["children"]) => {
      for (const node of nodes) {
        if (node.type !== "tag") continue;
        const m = (node as Element).name.match(/^h([1-6])$/);
        if (m) headings.push(Number(m[1]));
        visit((node as Element).children);
      }
    };
    visit(page.document.children as Element["children"]);
    const skipped = headings.findIndex((level, i) => i > 0 && level > headings[i - 1]! + 1);
    if (skipped > 0) {
      checks.push(
        check({
          id: "heading-order",
          status: "warn",
          title: t("seo.headingOrder.title"),
          detail: t("seo.headingOrder.warn", { level: headings[skipped], previous: headings[skipped - 1] }),
          priority: "low",
          fix: t("seo.headingOrder.fix"),
        }),
      );
    } else if (headings.length) {
      checks.push(
        check({
          id: "heading-order",
          status: "pass",
          title: t("seo.headingOrder.title"),
          detail: t("seo.headingOrder.pass"),
        }),
      );
    }
  }

  const canonicals =
    page?.all("link").filter((l) => (attr(l, "rel") ?? "").toLowerCase().split(/\s+/).includes("canonical")) ?? [];
  let canonical: string | null = null;
  if (canonicals.length === 0) {
    checks.push(
      check({
        id: "canonical",
        status: "warn",
        title: t("seo.canonical.title"),
        detail: t("seo.canonical.missing"),
        priority: "medium",
        fix: t("seo.canonical.fixMissing"),
      }),
    );
  } else {
    const hrefs = [...new Set(canonicals.map((l) => attr(l, "href") ?? ""))];
    const href = hrefs[0]!;
    const target = resolveUrl(href, final.url);
    canonical = target?.href ?? null;
    const name = t("seo.canonical.title");
    if (hrefs.length > 1)
      checks.push(
        check({
          id: "canonical",
          status: "fail",
          title: name,
          detail: t("seo.canonical.conflict", { count: hrefs.length }),
          priority: "high",
          fix: t("seo.canonical.fixConflict"),
        }),
      );
    else if (!target || !/^https?:\/\//i.test(href))
      checks.push(
        check({
          id: "canonical",
          status: "fail",
          title: name,
          detail: t("seo.canonical.relative", { href }),
          priority: "medium",
          fix: t("seo.canonical.fixRelative"),
        }),
      );
    else if (target.pathname === "/" && url.pathname !== "/")
      checks.push(
        check({
          id: "canonical",
          status: "fail",
          title: name,
          detail: t("seo.canonical.home"),
          priority: "high",
          fix: t("seo.canonical.fixHome"),
        }),
      );
    else
      checks.push(
        check({
          id: "canonical",
          status: "pass",
          title: name,
          detail: target.href === final.url ? t("seo.canonical.self") : t("seo.canonical.other", { url: target.href }),
        }),
      );
  }

  const robotsMeta = [
    page ? metaContent(page, "robots") : undefined,
    page ? metaContent(page, "googlebot") : undefined,
    header(final, "x-robots-tag"),
  ]
    .filter(Boolean)
    .join(", ")
    .toLowerCase();
  let robots: ReturnType<typeof robotsParser> | null = null;
  const robotsBody = input.robotsTxt?.status === 200 ? input.robotsTxt.body.toString("utf8") : null;
  if (robotsBody !== null) robots = robotsParser(new URL("/robots.txt", final.url).href, robotsBody);
  const blockedByRobots = robots ? robots.isDisallowed(final.url, "Googlebot") === true : false;
  checks.push(
    /noindex|none/.test(robotsMeta)
      ? check({
          id: "indexable",
          status: "fail",
          title: t("seo.indexable.title"),
          detail: t("seo.indexable.noindex", { directives: robotsMeta }),
          priority: "high",
          fix: t("seo.indexable.fixNoindex"),
        })
      : blockedByRobots
        ? check({
            id: "indexable",
            status: "fail",
            title: t("seo.indexable.title"),
            detail: t("seo.indexable.blocked"),
            priority: "high",
            fix: t("seo.indexable.fixBlocked"),
          })
        : check({ id: "indexable", status: "pass", title: t("seo.indexable.title"), detail: t("seo.indexable.pass") }),
  );

  const robotsStatus = input.robotsTxt?.status ?? 0;
  const problems = robotsBody !== null ? robotsProblems(robotsBody, lng) : [];
  const sitemapsNamed = robots?.getSitemaps().length ?? 0;
  checks.push(
    robotsStatus >= 500 || robotsStatus === 0
      ? check({
          id: "robots-txt",
          status: "fail",
          title: t("seo.robots.title"),
          detail: robotsStatus ? t("seo.robots.serverError", { status: robotsStatus }) : t("seo.robots.unreachable"),
          priority: "high",
          fix: t("seo.robots.fixServerError"),
        })
      : robotsStatus >= 400
        ? check({
            id: "robots-txt",
            status: "warn",
            title: t("seo.robots.title"),
            detail: t("seo.robots.missing", { status: robotsStatus }),
            priority: "low",
            fix: t("seo.robots.fixMissing"),
          })
        : problems.length
          ? check({
              id: "robots-txt",
              status: "fail",
              title: t("seo.robots.title"),
              detail: t("seo.robots.invalid", { problems: problems.slice(0, 3).join("; ") }),
              priority: "medium",
              fix: t("seo.robots.fixInvalid"),
            })
          : check({
              id: "robots-txt",
              status: "pass",
              title: t("seo.robots.title"),
              detail: sitemapsNamed
                ? t("seo.robots.validWithSitemaps", { count: sitemapsNamed })
                : t("seo.robots.valid"),
            }),
  );

  const sitemapBody = input.sitemap?.status === 200 ? input.sitemap.body.toString("utf8") : null;
  const sitemapUrls = sitemapBody ? (sitemapBody.match(/<loc>/gi) ?? []).length : 0;
  checks.push(
    !sitemapBody
      ? check({
          id: "sitemap",
          status: "warn",
          title: t("seo.sitemap.title"),
          detail: t("seo.sitemap.missing"),
          priority: "medium",
          fix: t("seo.sitemap.fixMissing"),
        })
      : /<(urlset|sitemapindex)[\s>]/i.test(sitemapBody)
        ? check({
            id: "sitemap",
            status: "pass",
            title: t("seo.sitemap.title"),
            detail: t(/<sitemapindex/i.test(sitemapBody) ? "seo.sitemap.index" : "seo.sitemap.urlset", {
              count: sitemapUrls,
            }),
          })
        : check({
            id: "sitemap",
            status: "fail",
            title: t("seo.sitemap.title"),
            detail: t("seo.sitemap.invalid"),
            priority: "medium",
            fix: t("seo.sitemap.fixInvalid"),
          }),
  );

  const alternates =
    page?.all("link").filter((l) => (attr(l, "rel") ?? "").toLowerCase() === "alternate" && attr(l, "hreflang")) ?? [];
  if (alternates.length) {
    const bad = alternates.filter((l) => {
      const code = attr(l, "hreflang")!;
      return (
        !(code.toLowerCase() === "x-default" || LANG_CODE.test(code)) || !/^https?:\/\//i.test(attr(l, "href") ?? "")
      );
    });
    const hasDefault = alternates.some((l) => attr(l, "hreflang")!.toLowerCase() === "x-default");
    checks.push(
      bad.length
        ? check({
            id: "hreflang",
            status: "fail",
            title: t("seo.hreflang.title"),
            detail: t("seo.hreflang.invalid", { codes: bad.map((l) => attr(l, "hreflang")).join(", ") }),
            priority: "medium",
            fix: t("seo.hreflang.fixInvalid"),
          })
        : hasDefault
          ? check({
              id: "hreflang",
              status: "pass",
              title: t("seo.hreflang.title"),
              detail: t("seo.hreflang.pass", { count: alternates.length }),
            })
          : check({
              id: "hreflang",
              status: "warn",
              title: t("seo.hreflang.title"),
              detail: t("seo.hreflang.noDefault"),
              priority: "low",
              fix: t("seo.hreflang.fixNoDefault"),
            }),
    );
  }

  const og = ["og:title", "og:description", "og:image", "og:url", "og:type"].filter(
    (key) => !(page && metaContent(page, key)),
  );
  checks.push(
    og.length === 0
      ? check({ id: "open-graph", status: "pass", title: t("seo.openGraph.title"), detail: t("seo.openGraph.pass") })
      : check({
          id: "open-graph",
          status: "warn",
          title: t("seo.openGraph.title"),
          detail: t("seo.openGraph.missing", { tags: og.join(", ") }),
          priority: og.length >= 3 ? "medium" : "low",
          fix: t("seo.openGraph.fix"),
        }),
  );

  const jsonLd =
    page?.all("script").filter((s) => (attr(s, "type") ?? "").toLowerCase() === "application/ld+json") ?? [];
  const ldTypes: string[] = [];
  let ldInvalid = 0;
  for (const script of jsonLd) {
    const raw = script.children.map((c) => ("data" in c ? String(c.data) : "")).join("");
    try {
      const data = JSON.parse(raw) as unknown;
      for (const item of Array.isArray(data) ? data : [data]) {
        const type = (item as { "@type"?: unknown })?.["@type"];
        if (type) ldTypes.push(String(type));
        else ldInvalid += 1;
      }
    } catch {
      ldInvalid += 1;
    }
  }
  checks.push(
    ldInvalid
      ? check({
          id: "structured-data",
          status: "fail",
          title: t("seo.structuredData.title"),
          detail: t("seo.structuredData.invalid", { count: ldInvalid }),
          priority: "medium",
          fix: t("seo.structuredData.fixInvalid"),
        })
      : ldTypes.length
        ? check({
            id: "structured-data",
            status: "pass",
            title: t("seo.structuredData.title"),
            detail: t("seo.structuredData.pass", { types: ldTypes.join(", ") }),
          })
        : check({
            id: "structured-data",
            status: "warn",
            title: t("seo.structuredData.title"),
            detail: t("seo.structuredData.missing"),
            priority: "low",
            fix: t("seo.structuredData.fixMissing"),
          }),
  );

  const images = page?.all("img") ?? [];
  const noAlt = images.filter((i) => attr(i, "alt") === undefined);
  if (images.length) {
    checks.push(
      noAlt.length
        ? check({
            id: "image-alt",
            status: "fail",
            title: t("seo.imageAlt.title"),
            detail: t("seo.imageAlt.fail", {
              count: noAlt.length,
              total: images.length,
              sources: noAlt
                .slice(0, 3)
                .map((i) => attr(i, "src"))
                .join(", "),
            }),
            priority: "medium",
            fix: t("seo.imageAlt.fix"),
          })
        : check({
            id: "image-alt",
            status: "pass",
            title: t("seo.imageAlt.title"),
            detail: t("seo.imageAlt.pass", { count: images.length }),
          }),
    );
  }
  const anchors = page?.all("a") ?? [];
  const generic = anchors.filter((a) =>
    GENERIC_LINK_TEXT.has(
      page!
        .text(a)
        .toLowerCase()
        .replace(/[.!»›→]+$/, "")
        .trim(),
    ),
  );
  if (anchors.length) {
    checks.push(
      generic.length
        ? check({
            id: "link-text",
            status: "warn",
            title: t("seo.linkText.title"),
            detail: t("seo.linkText.warn", { count: generic.length, text: page!.text(generic[0]!) }),
            priority: "low",
            fix: t("seo.linkText.fix"),
          })
        : check({ id: "link-text", status: "pass", title: t("seo.linkText.title"), detail: t("seo.linkText.pass") }),
    );
  }
  const uncrawlable = anchors.filter((a) => {
    const href = attr(a, "href");
    return href === undefined ? !attr(a, "name") && !attr(a, "id") : /^\s*javascript:/i.test(href);
  });
  if (uncrawlable.length) {
    checks.push(
      check({
        id: "crawlable-links",
        status: "warn",
        title: t("seo.crawlableLinks.title"),
        detail: t("seo.crawlableLinks.warn", { count: uncrawlable.length }),
        priority: "low",
        fix: t("seo.crawlableLinks.fix"),
      }),
    );
  }
  const viewport = page ? metaContent(page, "viewport") : undefined;
  checks.push(
    viewport && /width\s*=/.test(viewport)
      ? check({ id: "viewport", status: "pass", title: t("seo.viewport.title"), detail: viewport })
      : check({
          id: "viewport",
          status: "fail",
          title: t("seo.viewport.title"),
          detail: t("seo.viewport.missing"),
          priority: "high",
          fix: t("seo.viewport.fix"),
        }),
  );
  const lang = attr(page?.first("html"), "lang") ?? null;
  checks.push(
    lang && LANG_CODE.test(lang)
      ? check({ id: "lang", status: "pass", title: t("seo.lang.title"), detail: `lang="${lang}".` })
      : check({
          id: "lang",
          status: "warn",
          title: t("seo.lang.title"),
          detail: lang ? t("seo.lang.invalid", { lang }) : t("seo.lang.missing"),
          priority: "medium",
          fix: t("seo.lang.fix"),
        }),
  );
  checks.push(
    url.protocol === "https:"
      ? check({ id: "https", status: "pass", title: t("seo.https.title"), detail: t("seo.https.pass") })
      : check({
          id: "https",
          status: "fail",
          title: t("seo.https.title"),
          detail: t("seo.https.fail"),
          priority: "high",
          fix: t("seo.https.fix"),
        }),
  );
  const body = page?.first("body");
  const words = body
    ? page!
        .text(body)
        .split(/\s+/)
        .filter((w) => /\p{L}/u.test(w)).length
    : 0;
  if (page && words < 50 && page.all("script").some((s) => attr(s, "src"))) {
    checks.push(
      check({
        id: "client-rendered",
        status: "info",
        title: t("seo.clientRendered.title"),
        detail: t("seo.clientRendered.info", { count: words }),
      }),
    );
  }

  const links = anchors
    .map((a) => resolveUrl(attr(a, "href"), final.url))
    .filter((u): u is URL => !!u && /^https?:$/.test(u.protocol));
  const weights: Record<string, number> = { indexable: 93 / 23 };
  const scored = checks.filter((c) => c.status !== "info");
  const total = scored.reduce((sum, c) => sum + (weights[c.id] ?? 1), 0);
  const earned = scored.reduce(
    (sum, c) => sum + (weights[c.id] ?? 1) * (c.status === "pass" ? 1 : c.status === "warn" ? 0.5 : 0),
    0,
  );
  const order = { high: 0, medium: 1, low: 2 } as const;
  const statusOrder = { fail: 0, warn: 1, info: 2, pass: 3 } as const;
  checks.sort(
    (a, b) => statusOrder[a.status] - statusOrder[b.status] || order[a.priority ?? "low"] - order[b.priority ?? "low"],
  );
  return {
    kind: "seo",
    score: total ? Math.round((100 * earned) / total) : 0,
    checks,
    summary: {
      title,
      description,
      h1,
      canonical,
      lang,
      wordCount: words,
      links: {
        internal: links.filter((l) => l.host === url.host).length,
        external: links.filter((l) => l.host !== url.host).length,
      },
      images: { total: images.length, withoutAlt: noAlt.length },
    },
  };
}
