import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
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
import { findPublicRoute, isAppRoute, notFoundPagePath } from "#web/lib/route-table.ts";
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

  const sendPage = (reply: FastifyReply, file: string, status: number) =>
    reply.status(status).header("cache-control", HTML_CACHE).sendFile(file, staticDir);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = safeDecode(new URL(request.url, "http://local").pathname);
    const isPageRequest = (request.method === "GET" || request.method === "HEAD") && !pathname.startsWith("/api/");
    if (!available || !isPageRequest) {
      return reply
        .status(404)
        .send({ error: "not_found", message: serverT("notFound", { method: request.method, url: pathname }) });
    }
    const route = findPublicRoute(pathname);
    const appRoute = !route && isAppRoute(pathname);
    if (route)
      return sendPage(reply, route.htmlPath === "/" ? "index.html" : `${route.htmlPath.slice(1)}/index.html`, 200);
    if (appRoute) return sendPage(reply, "__spa-fallback.html", 200);
    return sendPage(reply, `${notFoundPagePath(pathname).slice(1)}/index.html`, 404);
  });
}
