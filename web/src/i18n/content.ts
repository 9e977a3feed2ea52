import { useTranslation } from "react-i18next";
import type { ContentModuleName } from "#content/locales/english.ts";
import { localizeContent } from "#content/locales/localize.ts";
import { i18n } from "./index.ts";

/**
 * Content (services, profile, figures) is written in English in content/*.ts. Each other
 * language has an overlay, content/locales/<lang>/<module>.json, with the same shape and the
 * visitor's words in place of the English ones. Overlays are catalogs like any other: loaded
 * per page and per language.
 */
/** The modules with overlays (a type-only import: the English content itself is not bundled here). */
export type ContentModule = ContentModuleName;

/** The overlay of one content module in the current language, if that page has loaded it. */
export function contentOverlay(module: ContentModule): Record<string, unknown> | undefined {
  if (i18n.language === "en") return undefined;
  return i18n.getResourceBundle(i18n.language, `content-${module}`) as Record<string, unknown> | undefined;
}

/** Localizes named exports of a content module: `localized("services", { serviceCategories })`. */
export function localized<T extends Record<string, unknown>>(module: ContentModule, exports: T): T {
  return localizeContent(exports, contentOverlay(module));
}

/** In a component: waits (Suspense) for the module's overlay, then returns the exports in the page's language. */
export function useContent<T extends Record<string, unknown>>(module: ContentModule, exports: T): T {
  useTranslation(`content-${module}` as "common");
  return localized(module, exports);
}
