import type { MetaDescriptor } from "react-router";
import { company } from "#content/company.ts";
import { languageLocales, languages, localizePath } from "#contracts/languages.ts";
import { currentLanguage, i18n } from "../../i18n/index.ts";

export interface PageMetaInput {
  /** Page title without the site name; omit for the home page. Words come in the page's language. */
  title?: string;
  description: string;
  /** The page's English address (`/services`); each language's own is derived from it. */
  path: string;
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
  ogType?: "website" | "profile";
}

export function absoluteUrl(path: string): string {
  return new URL(path, __SITE_URL__).toString();
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function pageMeta({
  title,
  description,
  path,
  noindex,
  jsonLd,
  ogType = "website",
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title
    ? i18n.t("meta.titleTemplate", { title, company: company.name })
    : i18n.t("meta.defaultTitle", { company: company.name });
  const language = currentLanguage();
  const url = absoluteUrl(localizePath(path, language));
  const image = absoluteUrl("/images/og-image.jpg");
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: ogType },
    { property: "og:site_name", content: company.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:locale", content: languageLocales[language].og },
    ...languages
      .filter((other) => other !== language)
      .map((other) => ({ property: "og:locale:alternate", content: languageLocales[other].og })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  // A page kept out of search results has no canonical address to declare.
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  else {
    tags.push({ tagName: "link", rel: "canonical", href: url });
    // Each translation of this page, and English for everyone else.
    for (const other of languages) {
      tags.push({ tagName: "link", rel: "alternate", hrefLang: other, href: absoluteUrl(localizePath(path, other)) });
    }
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(path) });
  }
  if (jsonLd) tags.push({ "script:ld+json": jsonLd });
  return tags;
}
