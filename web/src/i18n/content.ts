import { useTranslation } from "react-i18next";
import { company } from "../../../content/company.ts";
import { i18n } from "./index.ts";

/**
 * Content (services, profile, figures) is written in English in content/*.ts. Each other
 * language has an overlay, content/locales/<lang>/<module>.json, with the same shape and the
 * visitor's words in place of the English ones. Overlays are catalogs like any other: loaded
 * per page and per language.
 */
export type ContentModule = "about" | "company" | "faq" | "featured" | "founder" | "services" | "stack-catalog" | "stats" | "technologies" | "testimonials" | "vps";

const brand = (text: string) => text.replaceAll("{{company}}", company.name).replaceAll("{{short}}", company.shortName);

/** English value with every string the overlay has for it; anything it lacks stays English. */
export function localizeContent<T>(english: T, overlay: unknown): T {
  if (overlay === undefined || overlay === null) return english;
  if (typeof english === "string") return (typeof overlay === "string" ? brand(overlay) : english) as T;
  if (Array.isArray(english)) {
    return (Array.isArray(overlay) ? english.map((item, index) => localizeContent(item, overlay[index])) : english) as T;
  }
  if (english && typeof english === "object" && typeof overlay === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(english)) out[key] = localizeContent(value, (overlay as Record<string, unknown>)[key]);
    return out as T;
  }
  return english;
}

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
