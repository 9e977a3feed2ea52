import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { splitLanguage } from "#contracts/languages.ts";
import { type CatalogResources, loadCatalogs, setupI18n } from "../i18n/index.ts";
import { CATALOG_STATE_ID } from "../i18n/page-catalogs.ts";
import { leavingBeforeHydration } from "../lib/early-clicks.ts";

/**
 * The router's script, for the screens served an app shell (order pages, account, staff); the
 * prerendered pages hydrate as islands (decision 0036). i18next starts from the shell's inline
 * catalogs when they are in the address's language, or else loads the shared catalog for it first;
 * each screen loads its own as it renders.
 */
async function start() {
  const { language } = splitLanguage(window.location.pathname);
  const inline = document.getElementById(CATALOG_STATE_ID)?.textContent;
  const state = inline ? (JSON.parse(inline) as { language: unknown; resources: CatalogResources }) : undefined;
  // The shell is one file for every language, so its inline catalogs only count when they match.
  if (state && state.language === language) await setupI18n(language, state.resources);
  else await loadCatalogs(language, []);
  document.documentElement.lang = language;

  // A link followed before the script arrived: the next page is loading; let it.
  if (leavingBeforeHydration()) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void start();
