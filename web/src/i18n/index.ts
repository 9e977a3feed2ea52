import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, isLanguage, type Language, languages, splitLanguage } from "#contracts/languages.ts";
import { type CatalogLoader, contentCatalogs, pageCatalogs } from "./catalog-files.ts";
import type { Namespaces } from "./resources.ts";

/**
 * One i18n library for the whole site. Every catalog is its own chunk, per language and per
 * namespace, fetched only when a page needs it: a French page downloads French words only.
 * Prerendered pages carry the catalogs they were rendered with inline (see CatalogState), so
 * the first render in the browser needs no extra request; later pages load theirs on navigation.
 */

/** `notFound` lives in not-found.json; `content-services` in content/locales/<lang>/services.json. */
function catalogLoader(language: string, namespace: string): CatalogLoader | undefined {
  if (namespace.startsWith("content-"))
    return contentCatalogs[`../../../content/locales/${language}/${namespace.slice(8)}.json`];
  const file = namespace.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return pageCatalogs[`./locales/${language}/${file}.json`];
}

const catalogBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogLoader(language, namespace);
    // English content has no overlay: the English text is the content module itself.
    if (!load) {
      if (namespace.startsWith("content-")) return callback(null, {});
      return callback(new Error(`no catalog ${language}/${namespace}`), false);
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export type CatalogNamespace = keyof Namespaces | `content-${string}`;
export type CatalogResources = Record<string, Record<string, unknown>>;

void i18n
  .use(catalogBackend)
  .use(initReactI18next)
  .init({
    lng: typeof window === "undefined" ? defaultLanguage : splitLanguage(window.location.pathname).language,
    // Every catalog is complete (a test proves it), so a page never needs English words too.
    fallbackLng: false,
    supportedLngs: [...languages],
    defaultNS: "common",
    // Nothing loads until a page asks: the first page brings its catalogs inline.
    ns: [],
    resources: {},
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    returnNull: false,
    // Components re-render with their page; a language switch is a navigation to a new tree.
    react: { useSuspense: true, bindI18n: "", bindI18nStore: "" },
  });

/**
 * Puts i18next in a language, with any catalogs already at hand (inlined by the prerendered
 * page), and makes sure the shared catalog is in.
 */
export async function setupI18n(language: Language, resources: CatalogResources = {}): Promise<void> {
  for (const [namespace, messages] of Object.entries(resources))
    i18n.addResourceBundle(language, namespace, messages, true, true);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  await i18n.loadNamespaces("common");
}

/** Loads the catalogs a page needs in its language (used before rendering and on navigation). */
export async function loadCatalogs(language: Language, namespaces: readonly string[]): Promise<void> {
  await setupI18n(language);
  await i18n.loadNamespaces(["common", ...namespaces]);
}

/** Staff screens stay English; they bundle their own catalogs with their code. */
export function registerMessages<N extends keyof Namespaces>(ns: N, language: string, messages: Namespaces[N]): void {
  // Overwrite, so an edited catalog shows up after a hot reload in development.
  i18n.addResourceBundle(language, ns, messages, true, true);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

export { i18n };
