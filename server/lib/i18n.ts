import { AsyncLocalStorage } from "node:async_hooks";
import i18next from "i18next";
import { defaultLanguage, isLanguage, languages, type Language } from "#contracts/languages.ts";
import enAdvisor from "../locales/en/advisor.json" with { type: "json" };
import enAnalysis from "../locales/en/analysis.json" with { type: "json" };
import enChat from "../locales/en/chat.json" with { type: "json" };
import enDomains from "../locales/en/domains.json" with { type: "json" };
import enDomainsAdmin from "../locales/en/domains-admin.json" with { type: "json" };
import enEmail from "../locales/en/email.json" with { type: "json" };
import enErrors from "../locales/en/errors.json" with { type: "json" };
import enVps from "../locales/en/vps.json" with { type: "json" };
import frAdvisor from "../locales/fr/advisor.json" with { type: "json" };
import frAnalysis from "../locales/fr/analysis.json" with { type: "json" };
import frChat from "../locales/fr/chat.json" with { type: "json" };
import frDomains from "../locales/fr/domains.json" with { type: "json" };
import frEmail from "../locales/fr/email.json" with { type: "json" };
import frErrors from "../locales/fr/errors.json" with { type: "json" };
import frVps from "../locales/fr/vps.json" with { type: "json" };
import rwAdvisor from "../locales/rw/advisor.json" with { type: "json" };
import rwAnalysis from "../locales/rw/analysis.json" with { type: "json" };
import rwChat from "../locales/rw/chat.json" with { type: "json" };
import rwDomains from "../locales/rw/domains.json" with { type: "json" };
import rwEmail from "../locales/rw/email.json" with { type: "json" };
import rwErrors from "../locales/rw/errors.json" with { type: "json" };
import rwVps from "../locales/rw/vps.json" with { type: "json" };
import swAdvisor from "../locales/sw/advisor.json" with { type: "json" };
import swAnalysis from "../locales/sw/analysis.json" with { type: "json" };
import swChat from "../locales/sw/chat.json" with { type: "json" };
import swDomains from "../locales/sw/domains.json" with { type: "json" };
import swEmail from "../locales/sw/email.json" with { type: "json" };
import swErrors from "../locales/sw/errors.json" with { type: "json" };
import swVps from "../locales/sw/vps.json" with { type: "json" };

/**
 * The server's words (API error messages, emails, chat replies) through the same i18n library as
 * the site, in every site language. Which language a message is in:
 *  - `options.lng` when the caller knows (a chat session's or an order's language, for words
 *    written outside the visitor's request);
 *  - otherwise the language of the request being handled (its Accept-Language, set per request
 *    by app.ts through `requestLanguage`);
 *  - otherwise English.
 */
const resources = {
  en: {
    errors: enErrors,
    email: enEmail,
    advisor: enAdvisor,
    analysis: enAnalysis,
    chat: enChat,
    vps: enVps,
    domains: enDomains,
    // Staff-only words (the admin area and staff emails are English): no translations.
    "domains-admin": enDomainsAdmin,
  },
  fr: {
    errors: frErrors,
    email: frEmail,
    advisor: frAdvisor,
    analysis: frAnalysis,
    chat: frChat,
    vps: frVps,
    domains: frDomains,
  },
  sw: {
    errors: swErrors,
    email: swEmail,
    advisor: swAdvisor,
    analysis: swAnalysis,
    chat: swChat,
    vps: swVps,
    domains: swDomains,
  },
  rw: {
    errors: rwErrors,
    email: rwEmail,
    advisor: rwAdvisor,
    analysis: rwAnalysis,
    chat: rwChat,
    vps: rwVps,
    domains: rwDomains,
  },
} satisfies Record<Language, Record<PublicNamespace, unknown>> & { en: Record<StaffNamespace, unknown> };

const instance = i18next.createInstance();
void instance.init({
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  ns: ["errors", "email", "advisor", "analysis", "chat", "vps", "domains", "domains-admin"],
  defaultNS: "errors",
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

type PublicNamespace = "errors" | "email" | "advisor" | "analysis" | "chat" | "vps" | "domains";
/** Words only staff read, in English (fallback) whatever the language asked for. */
type StaffNamespace = "domains-admin";
export type ServerNamespace = PublicNamespace | StaffNamespace;

/** The language of the request being handled; app.ts enters it in an onRequest hook. */
export const requestLanguage = new AsyncLocalStorage<Language>();

/** The current request's language, English outside a request. */
export function currentLanguage(): Language {
  return requestLanguage.getStore() ?? defaultLanguage;
}

/** A stored language (a row's `language` column): one of ours, or English. */
export function asLanguage(value: unknown): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

type Exists = (key: string, options: object) => boolean;
type Translate = (key: string, options: object) => string;

export function serverT(
  key: string,
  options: Record<string, unknown> & { ns?: ServerNamespace; lng?: string } = {},
): string {
  // Every message must exist in English: translations fall back to it, English has no fallback.
  if (!(instance.exists as Exists)(key, { ...options, lng: defaultLanguage }))
    throw new Error(`missing server message: ${options.ns ?? "errors"}:${key}`);
  const lng = options.lng === undefined ? currentLanguage() : asLanguage(options.lng);
  return (instance.t as Translate)(key, { ...options, lng });
}
