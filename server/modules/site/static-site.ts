import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  isLanguage,
  LANGUAGE_COOKIE,
  languageFromAcceptHeader,
  localizePath,
  splitLanguage,
  type Language,
} from "#contracts/languages.ts";
import { appRouteAt, findPublicRoute, isAppRoute, notFoundPagePath, routeId } from "#web/lib/route-table.ts";
import { serverT } from "../../lib/i18n.ts";

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The built pages carry small inline scripts (theme boot, router hydration data). Their hashes go
 * into script-src, so the CSP needs no 'unsafe-inline'. Keyed by each page's file: a page is sent
 * with its own scripts' hashes only (see registerStaticSite), not the ~70 of every page.
 */
export async function inlineScriptHashesByPage(staticDir: string): Promise<Map<string, string[]>> {
  const pages = new Map<string, string[]>();
  if (!existsSync(staticDir)) return pages;
  for (const file of await htmlFiles(staticDir)) {
    const html = await readFile(file, "utf8");
    const hashes = new Set<string>();
    for (const match of html.matchAll(INLINE_SCRIPT)) {
      const attributes = match[1] ?? "";
      if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
      hashes.add(
        `'sha256-${createHash("sha256")
          .update(match[2] ?? "")
          .digest("base64")}'`,
      );
    }
    pages.set(path.resolve(file), [...hashes].sort());
  }
  return pages;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const HTML_CACHE = "no-cache";

/** Each client-rendered screen's own app shell, by route id (written by scripts/screen-shells.mjs). */
const SCREENS_DIR = "__screens";

/**
 * How long the proxy in front (deploy/nginx/kts.conf) may keep a prerendered public page and send
 * it itself, as `X-Accel-Expires` (nginx reads it and never passes it on). A page changes only with
 * a new build, and the page's Vary (language cookie, Accept-Language, encoding) keeps each visitor's
 * variant apart. Browsers still revalidate every time (no-cache). Never sent with the app shell
 * (its addresses carry order links) or a 404.
 */
const PROXY_CACHE_SECONDS = "10";

/** One encoding of a built page, held in memory with the validators a file server would send. */
interface PageBody {
  body: Buffer;
  etag: string;
  lastModified: string;
  modifiedSeconds: number;
}
type BuiltPage = Record<"identity", PageBody> & Partial<Record<"br" | "gzip", PageBody>>;

async function pageBody(file: string): Promise<PageBody | undefined> {
  if (!existsSync(file)) return undefined;
  const [body, info] = await Promise.all([readFile(file), stat(file)]);
  return {
    body,
    // The file server's validators (size and time, as @fastify/send makes them), so the same build
    // on two instances answers a browser's If-None-Match alike.
    etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
    lastModified: info.mtime.toUTCString(),
    modifiedSeconds: Math.floor(info.mtime.getTime() / 1000),
  };
}

/**
 * Every built page (~60, with their .br and .gz twins: a few MB), read once at start: a page is
 * the site's most requested answer, and sending it from memory instead of stat/open/read/close
 * per request roughly doubles what an instance serves (docs/deploy.md, bench:proxy). A new build
 * is served after a restart, as the pages' CSP hashes already are.
 */
async function loadPages(staticDir: string): Promise<Map<string, BuiltPage>> {
  const pages = new Map<string, BuiltPage>();
  for (const file of await htmlFiles(staticDir)) {
    const identity = await pageBody(file);
    if (!identity) continue;
    const [br, gzip] = await Promise.all([pageBody(`${file}.br`), pageBody(`${file}.gz`)]);
    pages.set(path.resolve(file), { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) });
  }
  return pages;
}

/** The encodings a client takes (q > 0), from Accept-Encoding. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** A conditional GET the client's copy satisfies (If-None-Match first, else If-Modified-Since). */
function stillFresh(request: FastifyRequest, body: PageBody): boolean {
  const noneMatch = request.headers["if-none-match"];
  if (noneMatch) {
    const weak = (tag: string) => tag.trim().replace(/^W\//, "");
    return noneMatch.trim() === "*" || noneMatch.split(",").some((tag) => weak(tag) === weak(body.etag));
  }
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && body.modifiedSeconds <= since / 1000;
}

/** Staff screens are English only; they never redirect. */
const UNTRANSLATED = /^\/(admin|auth)(\/|$)/;

/**
 * Where an English (unprefixed) address should send this visitor instead: the language they
 * chose before (cookie), or on a first visit the one their browser asks for. Undefined keeps
 * them where they are.
 */
function preferredLanguage(request: FastifyRequest, pathname: string): Language | undefined {
  if (splitLanguage(pathname).language !== "en" || UNTRANSLATED.test(pathname)) return undefined;
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  const language = isLanguage(chosen) ? chosen : languageFromAcceptHeader(request.headers["accept-language"]);
  return language && language !== "en" ? language : undefined;
}
const ASSET_CACHE = "public, max-age=31536000, immutable";

/**
 * Serves the built site: hashed assets cached for a year, prerendered pages for public
 * routes, the SPA shell for client-only screens, and the 404 page (status 404) otherwise.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  staticDir: string,
  /** Each built page's Content-Security-Policy, by the page's file (see inlineScriptHashesByPage). */
  pagePolicies: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  const available = existsSync(path.join(staticDir, "index.html"));

  // Before the file server, so it covers prerendered pages too.
  // A visitor who chose a language (or whose browser asks for one of ours on a first visit)
  // is sent from an English address to the same page in that language.
  app.addHook("onRequest", async (request, reply) => {
    if (!available || (request.method !== "GET" && request.method !== "HEAD")) return;
    const pathname = safeDecode(new URL(request.url, "http://local").pathname);
    if (pathname.startsWith("/api/") || pathname.startsWith("/assets/")) return;
    if (!findPublicRoute(pathname) && !isAppRoute(pathname)) return;
    reply.header("vary", "Accept-Language, Cookie");
    const preferred = preferredLanguage(request, pathname);
    if (!preferred) return;
    // Location carries the path as sent, percent-encoded (URL encodes what a client sent raw):
    // a decoded non-Latin-1 path (a Cyrillic domain name) is not a valid header value.
    const { pathname: encodedPath, search } = new URL(request.url, "http://local");
    return reply
      .header("cache-control", "private, no-cache")
      .redirect(`${localizePath(encodedPath, preferred)}${search}`, 302);
  });

  if (available) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: "/",
      wildcard: true,
      preCompressed: true,
      redirect: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? ASSET_CACHE : HTML_CACHE);
        // A page (or its .br/.gz twin) allows only its own inline scripts.
        const policy = pagePolicies.get(path.resolve(filePath.replace(/\.(br|gz)$/, "")));
        if (policy) reply.header("content-security-policy", policy);
      },
    });
  }

  const pages = available ? await loadPages(staticDir) : new Map<string, BuiltPage>();
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    status: number,
    shared: "public" | "private",
  ) => {
    const absolute = path.resolve(staticDir, file);
    const page = pages.get(absolute);
    if (!page) return reply.status(status).header("cache-control", HTML_CACHE).sendFile(file, staticDir);
    const accepted = acceptedEncodings(request.headers["accept-encoding"]);
    const encoding = page.br && accepted.has("br") ? "br" : page.gzip && accepted.has("gzip") ? "gzip" : "identity";
    const body = page[encoding] ?? page.identity;
    const vary = reply.getHeader("vary");
    reply
      .header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding")
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", HTML_CACHE)
      .header("etag", body.etag)
      .header("last-modified", body.lastModified);
    const policy = pagePolicies.get(absolute);
    if (policy) reply.header("content-security-policy", policy);
    if (shared === "public") reply.header("x-accel-expires", PROXY_CACHE_SECONDS);
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    if (status === 200 && stillFresh(request, body)) return reply.status(304).send();
    return reply.status(status).send(body.body);
  };

  // Each prerendered page at its own address (and with a trailing slash), before the file server's
  // wildcard: the page goes out from memory.
  for (const file of pages.keys()) {
    const relative = path.relative(staticDir, file).split(path.sep).join("/");
    const url = relative === "index.html" ? "/" : `/${relative.replace(/\/index\.html$/, "")}`;
    if (findPublicRoute(url)?.htmlPath !== url) continue;
    app.get(url, (request, reply) => sendPage(request, reply, relative, 200, "public"));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = safeDecode(new URL(request.url, "http://local").pathname);
    const isPageRequest = (request.method === "GET" || request.method === "HEAD") && !pathname.startsWith("/api/");
    if (!available || !isPageRequest) {
      return reply
        .status(404)
        .send({ error: "not_found", message: serverT("notFound", { method: request.method, url: pathname }) });
    }
    const route = findPublicRoute(pathname);
    const appRoute = route ? undefined : appRouteAt(pathname);
    if (route)
      return sendPage(
        request,
        reply,
        route.htmlPath === "/" ? "index.html" : `${route.htmlPath.slice(1)}/index.html`,
        200,
        "public",
      );
    if (appRoute) {
      // The screen's own shell names its code at once (scripts/screen-shells.mjs); a build without
      // one still has the shared shell.
      const own = `${SCREENS_DIR}/${routeId(appRoute)}.html`;
      const shell = pages.has(path.resolve(staticDir, own)) ? own : "__spa-fallback.html";
      return sendPage(request, reply, shell, 200, "private");
    }
    return sendPage(request, reply, `${notFoundPagePath(pathname).slice(1)}/index.html`, 404, "private");
  });
}
