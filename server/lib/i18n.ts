import i18next from "i18next";
import advisor from "../locales/en/advisor.json" with { type: "json" };
import chat from "../locales/en/chat.json" with { type: "json" };
import domains from "../locales/en/domains.json" with { type: "json" };
import email from "../locales/en/email.json" with { type: "json" };
import errors from "../locales/en/errors.json" with { type: "json" };
import vps from "../locales/en/vps.json" with { type: "json" };

/**
 * The server's words (API error messages, emails) through the same i18n library as the
 * site. English only for now; translated catalogs slot in beside it.
 */
const instance = i18next.createInstance();
void instance.init({
  lng: "en",
  fallbackLng: "en",
  ns: ["errors", "email", "advisor", "chat", "vps", "domains"],
  defaultNS: "errors",
  resources: { en: { errors, email, advisor, chat, vps, domains } },
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

type ServerNamespace = "errors" | "email" | "advisor" | "chat" | "vps" | "domains";

export function serverT(key: string, options: Record<string, unknown> & { ns?: ServerNamespace } = {}): string {
  if (!(instance.exists as (key: string, options: object) => boolean)(key, options)) throw new Error(`missing server message: ${options.ns ?? "errors"}:${key}`);
  return (instance.t as (key: string, options: object) => string)(key, options);
}
