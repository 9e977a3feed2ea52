import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { englishContent, type ContentModuleName } from "#content/locales/english.ts";
import { localizeContent } from "#content/locales/localize.ts";
import { defaultLanguage, type Language } from "#contracts/languages.ts";
import { projectRoot } from "./project-root.ts";

/**
 * The site's content (content/*.ts, written in English) in another language, for what the server
 * says itself (the chat assistant's answers, order emails). Each language has overlays,
 * content/locales/<lang>/<module>.json, shaped like the English exports with the visitor's words
 * in place of the English ones; the web app applies the same overlays (web/src/i18n/content.ts).
 * Overlays are read from disk once per language and module, so a language whose overlays are
 * still arriving simply stays English where it has none.
 */

export { localizeContent };

const overlays = new Map<string, Record<string, unknown> | null>();

/** The overlay file of one module in one language, or null when that language has none (yet). */
export function contentOverlay(module: ContentModuleName, language: Language): Record<string, unknown> | null {
  if (language === defaultLanguage) return null;
  const cacheKey = `${language}/${module}`;
  if (!overlays.has(cacheKey)) {
    const file = path.join(projectRoot(), "content", "locales", language, `${module}.json`);
    overlays.set(
      cacheKey,
      existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : null,
    );
  }
  return overlays.get(cacheKey) ?? null;
}

/** A content module's exports in a language: `localizedContent("faq", "fr").faq`. */
export function localizedContent<M extends ContentModuleName>(
  module: M,
  language: Language,
): (typeof englishContent)[M] {
  return localizeContent(englishContent[module], contentOverlay(module, language));
}

/** Languages with their own words for a module (English always). */
export function languagesWithContent(module: ContentModuleName, candidates: readonly Language[]): Language[] {
  return candidates.filter((language) => language === defaultLanguage || contentOverlay(module, language) !== null);
}
