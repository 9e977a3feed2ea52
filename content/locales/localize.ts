import { company } from "../company.ts";
import { untranslatedContentKeys } from "./identity-keys.ts";

/** Overlays write brand names as placeholders, so a rebrand in company.ts reaches every language. */
const brand = (text: string) => text.replaceAll("{{company}}", company.name).replaceAll("{{short}}", company.shortName);

/**
 * The English content value with every string leaf a language's overlay has for it; anything the
 * overlay lacks, and identifiers (ids, links, data: untranslatedContentKeys, named by the nearest
 * key), stay English. Used by the web pages and by what the server says itself.
 */
export function localizeContent<T>(english: T, overlay: unknown, key?: string): T {
  if (overlay === undefined || overlay === null) return english;
  if (typeof english === "string") {
    if (key !== undefined && untranslatedContentKeys.has(key)) return english;
    return (typeof overlay === "string" && overlay.trim() ? brand(overlay) : english) as T;
  }
  if (Array.isArray(english)) {
    return (
      Array.isArray(overlay) ? english.map((item, index) => localizeContent(item, overlay[index], key)) : english
    ) as T;
  }
  if (english && typeof english === "object" && typeof overlay === "object") {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(english))
      out[name] = localizeContent(value, (overlay as Record<string, unknown>)[name], name);
    return out as T;
  }
  return english;
}
