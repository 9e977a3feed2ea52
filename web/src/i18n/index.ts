import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { eagerResources, type Namespaces } from "./resources.ts";

/**
 * One i18n library for the whole site. The shared catalog is bundled so prerendered HTML
 * and the first render agree; each page registers its own catalog when its code loads, so a
 * page never downloads another page's words.
 */
void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  resources: eagerResources,
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
  returnNull: false,
});

export function registerMessages<N extends keyof Namespaces>(ns: N, language: string, messages: Namespaces[N]): void {
  // Overwrite, so an edited catalog shows up after a hot reload in development.
  i18n.addResourceBundle(language, ns, messages, true, true);
}

export { i18n };
