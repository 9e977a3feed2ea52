// The script of a content page (decision 0036): no router, no page code, only the interactive parts
// of the layout, each hydrated on its own where the prerendered page marked it (`Island`).
import "../lib/zod-jitless.ts";
import { type ComponentType, type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { splitLanguage } from "#contracts/languages.ts";
import { LanguageList } from "../components/layout/language-switcher.tsx";
import { Navbar } from "../components/layout/navbar.tsx";
import { ScrollToTopButton } from "../components/layout/scroll-to-top-button.tsx";
import { Toaster } from "../components/ui/toaster.tsx";
import { ChatLauncher } from "../features/chat/chat-launcher.tsx";
import { type CatalogResources, setupI18n } from "../i18n/index.ts";
import { CATALOG_STATE_ID } from "../i18n/page-catalogs.ts";
import { leavingBeforeHydration, replayEarlyClicks } from "../lib/early-clicks.ts";
import { setRenderedPath } from "./document-router.tsx";
import type { IslandName } from "./names.ts";

type Loaded = ComponentType<object>;

/** The layout's islands, on every content page: in this script. */
const layoutIslands: Partial<Record<IslandName, ComponentType<never>>> = {
  navbar: Navbar,
  languages: LanguageList,
  "scroll-top": ScrollToTopButton,
  chat: ChatLauncher,
  toaster: Toaster,
};

/** A page's own islands: their code loads on the pages that carry them (the build preloads it there). */
const pageIslands: Partial<Record<IslandName, () => Promise<{ default: ComponentType<never> }>>> = {
  "contact-form": () => import("./lazy/contact-form.tsx"),
  "founder-contact": () => import("./lazy/founder-contact.tsx"),
  "founder-photo": () => import("./lazy/founder-photo.tsx"),
  since: () => import("./lazy/since.tsx"),
};

async function loadPageIsland(name: IslandName): Promise<Loaded> {
  const load = pageIslands[name];
  if (!load) throw new Error(`unknown island ${name}`);
  return (await load()).default as Loaded;
}

/** Calls back once mounted: the page is interactive when every island has said so. */
function Mounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(onMounted, [onMounted]);
  return children;
}

async function start() {
  const { language } = splitLanguage(window.location.pathname);
  const inline = document.getElementById(CATALOG_STATE_ID)?.textContent;
  const state = inline ? (JSON.parse(inline) as { resources: CatalogResources }) : undefined;
  await setupI18n(language, state?.resources);
  // A link followed before the script arrived: the next page is loading; nothing to do here.
  if (leavingBeforeHydration()) return;

  // An island inside another is hydrated by it.
  const marked = [...document.querySelectorAll<HTMLElement>("[data-island]")].filter(
    (element) => !element.parentElement?.closest("[data-island]"),
  );
  setRenderedPath(document.body.dataset.path);
  const waiting = new Set(marked);
  const mountedOne = (element: HTMLElement) => () => {
    if (!waiting.delete(element) || waiting.size > 0) return;
    // Browser tests wait for this, as on a page the router hydrates.
    document.documentElement.dataset.hydrated = "true";
    replayEarlyClicks();
  };
  for (const element of marked) {
    const name = element.dataset.island as IslandName;
    const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
    const hydrate = (Component: Loaded) =>
      // In a transition, as entry.client does: React hydrates in slices and yields to taps between them.
      startTransition(() => {
        hydrateRoot(
          element,
          <StrictMode>
            <Mounted onMounted={mountedOne(element)}>
              <Component {...props} />
            </Mounted>
          </StrictMode>,
        );
      });
    const layout = layoutIslands[name];
    if (layout) hydrate(layout as Loaded);
    // A page island whose code fails to load stays as prerendered; the others still answer.
    else
      loadPageIsland(name).then(hydrate, (error: unknown) => {
        console.error(`island ${name} did not load`, error);
        mountedOne(element)();
      });
  }
}

void start();
