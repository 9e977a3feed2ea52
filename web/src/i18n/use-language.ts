import { useEffect } from "react";
import { useLocation } from "react-router";
import { type Language, splitLanguage } from "#contracts/languages.ts";
import { currentLanguage, i18n, loadCatalogs } from "./index.ts";

/** The language of the current address: `/fr/...` is French, unprefixed is English. */
export function useLanguage(): Language {
  return splitLanguage(useLocation().pathname).language;
}

let switching: { language: Language; promise: Promise<void> } | undefined;

/** The one load of a language's shared catalog in flight, started once however often React asks. */
function switchTo(language: Language): Promise<void> {
  if (switching?.language !== language) {
    const promise = loadCatalogs(language, []).finally(() => {
      if (switching?.promise === promise) switching = undefined;
    });
    switching = { language, promise };
  }
  return switching.promise;
}

/**
 * Keeps i18next on the address's language. Navigating to another language suspends the new
 * page until its shared catalog is in, so the old page stays on screen meanwhile (router
 * updates are transitions) and the new one never shows half-translated.
 */
export function useLanguageSync(): Language {
  const language = useLanguage();
  if (currentLanguage() !== language || !i18n.hasLoadedNamespace("common")) {
    throw switchTo(language);
  }
  return language;
}

/** Keeps `<html lang>` on the page's language across client-side navigations. */
export function useDocumentLanguage(language: Language): void {
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
