import robotsParser from "robots-parser";
import type { Check, SeoResult } from "../../../contracts/analysis.ts";
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
  "click here", "click this", "go", "here", "information", "learn more", "more", "more info",
  "more information", "right here", "read more", "see more", "start", "this",
]);

const check = (c: Check): Check => c;

function header(result: FetchResult, name: string): string | undefined {
  const value = result.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Parses robots.txt strictly enough to catch the mistakes that make crawlers give up. */
export function robotsProblems(body: string): string[] {
  const known = /^(user-agent|allow|disallow|sitemap|crawl-delay|host|clean-param|noindex|request-rate|visit-time)$/i;
  const problems: string[] = [];
  let sawAgent = false;
  body.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) return;
    const match = line.match(/^([A-Za-z-]+)\s*:\s*(.*)$/);
    if (!match) return problems.push(`line ${index + 1}: "${line.slice(0, 60)}" is not "field: value"`);
    const [, field, value] = match;
    if (!known.test(field!)) return problems.push(`line ${index + 1}: unknown field "${field}"`);
    if (/^user-agent$/i.test(field!)) sawAgent = true;
    else if (/^(allow|disallow)$/i.test(field!) && !sawAgent) problems.push(`line ${index + 1}: ${field} before any User-agent`);
    else if (/^sitemap$/i.test(field!) && !/^https?:\/\//i.test(value!)) problems.push(`line ${index + 1}: Sitemap must be an absolute URL`);
    return undefined;
  });
  return problems;
}

const LANG_CODE = /^([a-z]{2,3})(-[a-z]{4})?(-([a-z]{2}|\d{3}))?$/i;

export function analyzeSeo(input: SeoInput): SeoResult {
  const final = input.follow.final;
  const page = input.page;
  const url = new URL(final.url);
  const checks: Check[] = [];

  checks.push(
    final.status < 400
      ? check({ id: "http-status", status: "pass", title: "Status code", detail: `The page answers ${final.status}.` })
      : check({ id: "http-status", status: "fail", title: "Status code", detail: `The page answers ${final.status}: search engines drop it.`, priority: "high", fix: "Make the page answer 200." }),
  );
  const hops = input.follow.hops.length - 1;
  if (hops > 2) {
    checks.push(check({ id: "redirect-chain", status: "warn", title: "Redirect chain", detail: `${hops} redirects before the page: crawlers may stop following.`, priority: "medium", fix: "Link and redirect straight to the final address (one hop at most)." }));
  }

  const title = page?.first("title") ? page.text(page.first("title")!) : null;
  checks.push(
    !title
      ? check({ id: "title", status: "fail", title: "Title", detail: "The page has no <title>: search results will show something made up.", priority: "high", fix: "Add a unique <title> of 50–60 characters naming the page and the brand." })
      : title.length < 15 || title.length > 60
        ? check({ id: "title", status: "warn", title: "Title", detail: `"${title}" is ${title.length} characters; 15–60 shows best.`, priority: "low", fix: "Aim for 50–60 characters so it is not cut off." })
        : check({ id: "title", status: "pass", title: "Title", detail: `"${title}" (${title.length} characters).` }),
  );
  const description = page ? (metaContent(page, "description")?.trim() ?? null) : null;
  checks.push(
    !description
      ? check({ id: "meta-description", status: "fail", title: "Meta description", detail: "No meta description: search engines pick a snippet themselves.", priority: "high", fix: "Add <meta name=\"description\"> of 120–160 characters that sells the page." })
      : description.length < 50 || description.length > 160
        ? check({ id: "meta-description", status: "warn", title: "Meta description", detail: `${description.length} characters; 50–160 shows best.`, priority: "low", fix: "Write 120–160 characters." })
        : check({ id: "meta-description", status: "pass", title: "Meta description", detail: `${description.length} characters.` }),
  );

  const h1 = page?.all("h1").map((h) => page.text(h)) ?? [];
  checks.push(
    h1.length === 1
      ? check({ id: "h1", status: "pass", title: "Main heading", detail: `One H1: "${h1[0]!.slice(0, 80)}".` })
      : h1.length === 0
        ? check({ id: "h1", status: "fail", title: "Main heading", detail: "No H1 heading.", priority: "medium", fix: "Give the page one <h1> saying what it is about." })
        : check({ id: "h1", status: "warn", title: "Main heading", detail: `${h1.length} H1 headings.`, priority: "low", fix: "Keep one <h1>; make the others <h2>." }),
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
      checks.push(check({ id: "heading-order", status: "warn", title: "Heading order", detail: `An H${headings[skipped]} follows an H${headings[skipped - 1]}: a level is skipped.`, priority: "low", fix: "Go down one level at a time (H1, H2, H3)." }));
    } else if (headings.length) {
      checks.push(check({ id: "heading-order", status: "pass", title: "Heading order", detail: "No heading levels skipped." }));
    }
  }

  const canonicals = page?.all("link").filter((l) => (attr(l, "rel") ?? "").toLowerCase().split(/\s+/).includes("canonical")) ?? [];
  let canonical: string | null = null;
  if (canonicals.length === 0) {
    checks.push(check({ id: "canonical", status: "warn", title: "Canonical URL", detail: "No canonical link: copies of the page (with tracking parameters, http/https) compete.", priority: "medium", fix: "Add <link rel=\"canonical\" href=\"…\"> with the page's absolute URL." }));
  } else {
    const hrefs = [...new Set(canonicals.map((l) => attr(l, "href") ?? ""))];
    const href = hrefs[0]!;
    const target = resolveUrl(href, final.url);
    canonical = target?.href ?? null;
    if (hrefs.length > 1) checks.push(check({ id: "canonical", status: "fail", title: "Canonical URL", detail: `${hrefs.length} different canonical links conflict.`, priority: "high", fix: "Keep one canonical link." }));
    else if (!target || !/^https?:\/\//i.test(href)) checks.push(check({ id: "canonical", status: "fail", title: "Canonical URL", detail: `"${href}" is not an absolute URL.`, priority: "medium", fix: "Use an absolute URL with scheme and host." }));
    else if (target.pathname === "/" && url.pathname !== "/") checks.push(check({ id: "canonical", status: "fail", title: "Canonical URL", detail: "A deeper page names the home page as canonical, so it drops out of search.", priority: "high", fix: "Point the canonical at this page's own URL." }));
    else checks.push(check({ id: "canonical", status: "pass", title: "Canonical URL", detail: target.href === final.url ? "Points to itself." : `Points to ${target.href}.` }));
  }

  const robotsMeta = [page ? metaContent(page, "robots") : undefined, page ? metaContent(page, "googlebot") : undefined, header(final, "x-robots-tag")]
    .filter(Boolean)
    .join(", ")
    .toLowerCase();
  let robots: ReturnType<typeof robotsParser> | null = null;
  const robotsBody = input.robotsTxt?.status === 200 ? input.robotsTxt.body.toString("utf8") : null;
  if (robotsBody !== null) robots = robotsParser(new URL("/robots.txt", final.url).href, robotsBody);
  const blockedByRobots = robots ? robots.isDisallowed(final.url, "Googlebot") === true : false;
  checks.push(
    /noindex|none/.test(robotsMeta)
      ? check({ id: "indexable", status: "fail", title: "Indexing allowed", detail: `The page says noindex (${robotsMeta}): it will not appear in search.`, priority: "high", fix: "Remove noindex unless hiding the page is intended." })
      : blockedByRobots
        ? check({ id: "indexable", status: "fail", title: "Indexing allowed", detail: "robots.txt blocks Googlebot from this page.", priority: "high", fix: "Allow the page in robots.txt." })
        : check({ id: "indexable", status: "pass", title: "Indexing allowed", detail: "No noindex, and robots.txt allows the page." }),
  );

  const robotsStatus = input.robotsTxt?.status ?? 0;
  const problems = robotsBody !== null ? robotsProblems(robotsBody) : [];
  checks.push(
    robotsStatus >= 500 || robotsStatus === 0
      ? check({ id: "robots-txt", status: "fail", title: "robots.txt", detail: robotsStatus ? `robots.txt answers ${robotsStatus}: Google stops crawling the site until it works.` : "robots.txt could not be fetched.", priority: "high", fix: "Serve /robots.txt with status 200 (or 404 if you have none)." })
      : robotsStatus >= 400
        ? check({ id: "robots-txt", status: "warn", title: "robots.txt", detail: `No robots.txt (${robotsStatus}): everything may be crawled and no sitemap is announced.`, priority: "low", fix: "Add /robots.txt with a Sitemap: line." })
        : problems.length
          ? check({ id: "robots-txt", status: "fail", title: "robots.txt", detail: `robots.txt has errors: ${problems.slice(0, 3).join("; ")}.`, priority: "medium", fix: "Fix the lines so each is \"Field: value\" under a User-agent." })
          : check({ id: "robots-txt", status: "pass", title: "robots.txt", detail: `Valid${robots?.getSitemaps().length ? `, names ${robots.getSitemaps().length} sitemap(s)` : ""}.` }),
  );

  const sitemapBody = input.sitemap?.status === 200 ? input.sitemap.body.toString("utf8") : null;
  const sitemapUrls = sitemapBody ? (sitemapBody.match(/<loc>/gi) ?? []).length : 0;
  checks.push(
    !sitemapBody
      ? check({ id: "sitemap", status: "warn", title: "XML sitemap", detail: "No sitemap.xml found (nor one named in robots.txt).", priority: "medium", fix: "Publish /sitemap.xml and name it in robots.txt." })
      : /<(urlset|sitemapindex)[\s>]/i.test(sitemapBody)
        ? check({ id: "sitemap", status: "pass", title: "XML sitemap", detail: `${/<sitemapindex/i.test(sitemapBody) ? "Sitemap index" : "Sitemap"} with ${sitemapUrls} URL(s).` })
        : check({ id: "sitemap", status: "fail", title: "XML sitemap", detail: "sitemap.xml is not a urlset or sitemapindex.", priority: "medium", fix: "Serve a valid sitemap (sitemaps.org format)." }),
  );

  const alternates = page?.all("link").filter((l) => (attr(l, "rel") ?? "").toLowerCase() === "alternate" && attr(l, "hreflang")) ?? [];
  if (alternates.length) {
    const bad = alternates.filter((l) => {
      const code = attr(l, "hreflang")!;
      return !(code.toLowerCase() === "x-default" || LANG_CODE.test(code)) || !/^https?:\/\//i.test(attr(l, "href") ?? "");
    });
    const hasDefault = alternates.some((l) => attr(l, "hreflang")!.toLowerCase() === "x-default");
    checks.push(
      bad.length
        ? check({ id: "hreflang", status: "fail", title: "Language alternates (hreflang)", detail: `Invalid code or relative URL: ${bad.map((l) => attr(l, "hreflang")).join(", ")}.`, priority: "medium", fix: "Use ISO codes (en, fr-RW) and absolute URLs." })
        : hasDefault
          ? check({ id: "hreflang", status: "pass", title: "Language alternates (hreflang)", detail: `${alternates.length} alternates including x-default.` })
          : check({ id: "hreflang", status: "warn", title: "Language alternates (hreflang)", detail: "No x-default alternate.", priority: "low", fix: "Add hreflang=\"x-default\" for visitors in other languages." }),
    );
  }

  const og = ["og:title", "og:description", "og:image", "og:url", "og:type"].filter((key) => !(page && metaContent(page, key)));
  checks.push(
    og.length === 0
      ? check({ id: "open-graph", status: "pass", title: "Social previews (Open Graph)", detail: "Title, description, image, URL and type are set." })
      : check({ id: "open-graph", status: "warn", title: "Social previews (Open Graph)", detail: `Missing ${og.join(", ")}: links shared on WhatsApp, LinkedIn or Facebook look bare.`, priority: og.length >= 3 ? "medium" : "low", fix: "Add the missing og: meta tags (and an image of 1200×630)." }),
  );

  const jsonLd = page?.all("script").filter((s) => (attr(s, "type") ?? "").toLowerCase() === "application/ld+json") ?? [];
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
      ? check({ id: "structured-data", status: "fail", title: "Structured data (JSON-LD)", detail: `${ldInvalid} JSON-LD block(s) do not parse or have no @type.`, priority: "medium", fix: "Fix the JSON and give each item a schema.org @type." })
      : ldTypes.length
        ? check({ id: "structured-data", status: "pass", title: "Structured data (JSON-LD)", detail: `Types: ${ldTypes.join(", ")}.` })
        : check({ id: "structured-data", status: "warn", title: "Structured data (JSON-LD)", detail: "No JSON-LD: no rich results (ratings, organisation, breadcrumbs).", priority: "low", fix: "Add schema.org JSON-LD, e.g. Organization on the home page." }),
  );

  const images = page?.all("img") ?? [];
  const noAlt = images.filter((i) => attr(i, "alt") === undefined);
  if (images.length) {
    checks.push(
      noAlt.length
        ? check({ id: "image-alt", status: "fail", title: "Image descriptions (alt)", detail: `${noAlt.length} of ${images.length} images have no alt text: ${noAlt.slice(0, 3).map((i) => attr(i, "src")).join(", ")}.`, priority: "medium", fix: "Describe each image in alt (alt=\"\" for decoration)." })
        : check({ id: "image-alt", status: "pass", title: "Image descriptions (alt)", detail: `All ${images.length} images have alt text.` }),
    );
  }
  const anchors = page?.all("a") ?? [];
  const generic = anchors.filter((a) => GENERIC_LINK_TEXT.has(page!.text(a).toLowerCase().replace(/[.!»›→]+$/, "").trim()));
  if (anchors.length) {
    checks.push(
      generic.length
        ? check({ id: "link-text", status: "warn", title: "Link text", detail: `${generic.length} links say only "${page!.text(generic[0]!)}": search engines and screen readers learn nothing.`, priority: "low", fix: "Say where the link goes (\"See our hosting prices\")." })
        : check({ id: "link-text", status: "pass", title: "Link text", detail: "Links describe their targets." }),
    );
  }
  const uncrawlable = anchors.filter((a) => {
    const href = attr(a, "href");
    return href === undefined ? !attr(a, "name") && !attr(a, "id") : /^\s*javascript:/i.test(href);
  });
  if (uncrawlable.length) {
    checks.push(check({ id: "crawlable-links", status: "warn", title: "Crawlable links", detail: `${uncrawlable.length} links have no real href (missing or javascript:).`, priority: "low", fix: "Give every link an href to a real URL." }));
  }
  const viewport = page ? metaContent(page, "viewport") : undefined;
  checks.push(
    viewport && /width\s*=/.test(viewport)
      ? check({ id: "viewport", status: "pass", title: "Mobile viewport", detail: viewport })
      : check({ id: "viewport", status: "fail", title: "Mobile viewport", detail: "No viewport meta tag: phones show a zoomed-out desktop page, and Google ranks for mobile.", priority: "high", fix: "Add <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">." }),
  );
  const lang = attr(page?.first("html"), "lang") ?? null;
  checks.push(
    lang && LANG_CODE.test(lang)
      ? check({ id: "lang", status: "pass", title: "Page language", detail: `lang="${lang}".` })
      : check({ id: "lang", status: "warn", title: "Page language", detail: lang ? `lang="${lang}" is not a valid code.` : "<html> has no lang attribute.", priority: "medium", fix: "Set <html lang=\"en\"> (or the page's language)." }),
  );
  checks.push(
    url.protocol === "https:"
      ? check({ id: "https", status: "pass", title: "HTTPS", detail: "Served over https." })
      : check({ id: "https", status: "fail", title: "HTTPS", detail: "Served over plain http: browsers mark it \"Not secure\" and Google prefers https.", priority: "high", fix: "Move the site to https." }),
  );
  const body = page?.first("body");
  const words = body ? page!.text(body).split(/\s+/).filter((w) => /\p{L}/u.test(w)).length : 0;
  if (page && words < 50 && page.all("script").some((s) => attr(s, "src"))) {
    checks.push(check({ id: "client-rendered", status: "info", title: "Content built by JavaScript", detail: `Only ${words} words arrive in the HTML: the page is built in the browser. Search engines see less; run the browser test too.` }));
  }

  const links = anchors.map((a) => resolveUrl(attr(a, "href"), final.url)).filter((u): u is URL => !!u && /^https?:$/.test(u.protocol));
  const weights: Record<string, number> = { indexable: 93 / 23 };
  const scored = checks.filter((c) => c.status !== "info");
  const total = scored.reduce((sum, c) => sum + (weights[c.id] ?? 1), 0);
  const earned = scored.reduce((sum, c) => sum + (weights[c.id] ?? 1) * (c.status === "pass" ? 1 : c.status === "warn" ? 0.5 : 0), 0);
  const order = { high: 0, medium: 1, low: 2 } as const;
  const statusOrder = { fail: 0, warn: 1, info: 2, pass: 3 } as const;
  checks.sort((a, b) => statusOrder[a.status] - statusOrder[b.status] || order[a.priority ?? "low"] - order[b.priority ?? "low"]);
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
      links: { internal: links.filter((l) => l.host === url.host).length, external: links.filter((l) => l.host !== url.host).length },
      images: { total: images.length, withoutAlt: noAlt.length },
    },
  };
}
