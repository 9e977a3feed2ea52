import type { Language } from "#contracts/languages.ts";
import { untranslatedContentKeys } from "#content/locales/identity-keys.ts";
import { type CatalogResources, i18n } from "./index.ts";

// What the root route writes into a prerendered page (CATALOG_STATE_ID), apart from ./index.ts so the
// content pages' islands script, which reads those catalogs, does not carry the code that wrote them.

/** Only the words of a content overlay: identifiers, numbers and flags come from the English module. */
function wordsOnly(value: unknown, key = ""): unknown {
  if (typeof value === "string") return untranslatedContentKeys.has(key) ? undefined : value;
  if (Array.isArray(value)) return value.map((item) => wordsOnly(item, key) ?? null);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const kept = wordsOnly(v, k);
      if (kept !== undefined) out[k] = kept;
    }
    return out;
  }
  return undefined;
}

/** The catalogs of one language a rendered page used, for inlining into its HTML (content overlays trimmed to their words). */
export function catalogsInUse(language: Language, namespaces: readonly string[]): CatalogResources {
  const out: CatalogResources = {};
  for (const namespace of new Set(["common", ...namespaces])) {
    const bundle = i18n.getResourceBundle(language, namespace) as Record<string, unknown> | undefined;
    if (bundle)
      out[namespace] = namespace.startsWith("content-") ? (wordsOnly(bundle) as Record<string, unknown>) : bundle;
  }
  return out;
}
