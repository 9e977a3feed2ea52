/**
 * The site's languages. English lives at the root (`/services`); the others carry their code as
 * the first path segment (`/fr/services`). The web app, the server's redirects and the sitemap
 * all read this table.
 */
export const languages = ["en", "fr", "sw", "rw"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** Each language in its own words, for the switcher. */
export const languageNames: Record<Language, string> = {
  en: "English",
  fr: "Français",
  sw: "Kiswahili",
  rw: "Ikinyarwanda",
};

/** BCP 47 tags for Intl (numbers, dates, money) and Open Graph locales. */
export const languageLocales: Record<Language, { intl: string; og: string }> = {
  en: { intl: "en-GB", og: "en_GB" },
  fr: { intl: "fr-FR", og: "fr_FR" },
  sw: { intl: "sw-KE", og: "sw_KE" },
  rw: { intl: "rw-RW", og: "rw_RW" },
};

/** Remembers the visitor's choice; read by the server's first-visit redirect. */
export const LANGUAGE_COOKIE = "lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Splits `/fr/services` into `fr` and `/services`; an unprefixed path is English. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  if (match && isLanguage(match[1]) && match[1] !== defaultLanguage) {
    return { language: match[1], path: pathname.slice(3) || "/" };
  }
  return { language: defaultLanguage, path: pathname };
}

/** `/services` in French is `/fr/services`; the home page is `/fr`. Leaves other schemes and anchors alone. */
export function localizePath(path: string, language: Language): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const { path: bare } = splitLanguage(path);
  if (language === defaultLanguage) return bare;
  if (bare === "/") return `/${language}`;
  if (bare.startsWith("/?") || bare.startsWith("/#")) return `/${language}${bare.slice(1)}`;
  return `/${language}${bare}`;
}

/** Best site language for an Accept-Language header, or undefined when it names none of ours. */
export function languageFromAcceptHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split("-")[0];
    if (isLanguage(base)) return base;
    // Kinyarwanda is sometimes sent as its ISO 639-2 code.
    if (base === "kin") return "rw";
  }
  return undefined;
}
