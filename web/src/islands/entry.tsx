// The script of a content page (decision 0036): no router, no page code, only the interactive parts
// of the layout, each hydrated on its own where the prerendered page marked it (`Island`).
import "../lib/zod-jitless.ts";
import { type ComponentType, type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { splitLanguage } from "#contracts/languages.ts";
import { LanguageList } from "../components/layout/language-switcher.tsx";
import { Navbar } from "../components/layout/navbar.tsx";
import { wasOpen } from "../features/chat/open-state.ts";
import { type CatalogResources, setupI18n } from "../i18n/index.ts";
import { CATALOG_STATE_ID } from "../i18n/page-catalogs.ts";
import { leavingBeforeHydration, pressAgain, replayEarlyClicks } from "../lib/early-clicks.ts";
import { ADVISOR_DRAFT_KEY, DOMAIN_CURRENCY_KEY } from "../lib/tool-storage.ts";
import { setRenderedPath } from "./document-router.tsx";
import type { IslandLoad, IslandName } from "./names.ts";

type Loaded = ComponentType<object>;

/**
 * An island's module: its component, and what runs just before hydration, if anything. That returns
 * what runs once the island has mounted (the contact form puts back what was typed meanwhile).
 */
interface IslandModule {
  default: ComponentType<never>;
  prepare?: (element: HTMLElement) => () => void;
}

/** The layout's islands that answer from the first paint: in this script. */
const layoutIslands: Partial<Record<IslandName, ComponentType<never>>> = {
  navbar: Navbar,
  languages: LanguageList,
};

/**
 * The other islands: their code loads on the pages that carry them, after the first paint (the
 * build preloads it there), or when the visitor first uses or scrolls to them (`Island`'s `load`).
 */
const lazyIslands: Partial<Record<IslandName, () => Promise<IslandModule>>> = {
  chat: () => import("./lazy/chat.tsx"),
  toaster: () => import("./lazy/toaster.tsx"),
  "scroll-top": () => import("./lazy/scroll-top.tsx"),
  "contact-form": () => import("./lazy/contact-form.tsx"),
  "founder-contact": () => import("./lazy/founder-contact.tsx"),
  since: () => import("./lazy/since.tsx"),
  payment: () => import("./lazy/payment.tsx"),
  domains: () => import("./lazy/domains.tsx"),
  "vps-hosting": () => import("./lazy/vps-hosting.tsx"),
  "speed-analysis": () => import("./lazy/speed-analysis.tsx"),
  "tech-stack-advisor": () => import("./lazy/tech-stack-advisor.tsx"),
};

/** The address asks for something: a shared search, a payment's return, a report to show. */
const asked = () => window.location.search !== "";

/** The browser holds what the island shows from the start (web/src/lib/tool-storage.ts). */
function saved(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    // Storage refused (private browsing, a policy): nothing was kept.
    return false;
  }
}

/**
 * An island that waits for the visitor, loaded at once all the same: the chat panel open on the last
 * page, a tool whose address asks it something or that shows what the visitor left in it.
 */
const neededAtOnce: Partial<Record<IslandName, () => boolean>> = {
  chat: wasOpen,
  payment: asked,
  domains: () => asked() || saved(DOMAIN_CURRENCY_KEY),
  "speed-analysis": asked,
  "tech-stack-advisor": () => asked() || saved(ADVISOR_DRAFT_KEY),
};

/**
 * The files of the page's islands that wait for the visitor, as the page's script lists them
 * (scripts/defer-hydration.mjs): asked for together, so their imports are not found one at a time.
 */
function preloadFilesOf(name: IslandName) {
  const files = (globalThis as { __islandFiles?: Partial<Record<IslandName, string[]>> }).__islandFiles?.[name];
  for (const href of files ?? [])
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
}

async function codeOf(name: IslandName): Promise<IslandModule> {
  const layout = layoutIslands[name];
  if (layout) return { default: layout };
  const load = lazyIslands[name];
  if (!load) throw new Error(`unknown island ${name}`);
  preloadFilesOf(name);
  return load();
}

/** Calls back once mounted. */
function Mounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(onMounted, [onMounted]);
  return children;
}

/** Hydrates one island, in a transition as entry.client does: React works in slices and yields to taps between them. */
function hydrate(element: HTMLElement, Component: Loaded, props: object): Promise<void> {
  return new Promise((mounted) => {
    startTransition(() => {
      hydrateRoot(
        element,
        <StrictMode>
          <Mounted onMounted={() => mounted()}>
            <Component {...props} />
          </Mounted>
        </StrictMode>,
      );
    });
  });
}

/** What waits for the visitor's first use of any island (`any-use`). */
const atFirstUse: (() => void)[] = [];
let used = false;
function firstUse() {
  used = true;
  for (const run of atFirstUse.splice(0)) run();
}

/**
 * Loads an island's code on the first tap, key or focus inside it. A button pressed (or a form sent)
 * before the code is there is held and pressed again once the island answers; what was typed into
 * its fields meanwhile is kept.
 */
function onFirstUse(element: HTMLElement, start: () => Promise<void>) {
  const pressed: HTMLElement[] = [];
  let sent: HTMLFormElement | undefined;
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("button, [role=button]") : null;
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!pressed.includes(button)) pressed.push(button);
    begin();
  };
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    sent = event.target as HTMLFormElement;
    begin();
  };
  const uses = ["pointerdown", "keydown", "focusin"];
  let started = false;
  function begin() {
    if (started) return;
    started = true;
    for (const type of uses) element.removeEventListener(type, begin);
    firstUse();
    void start().then(() => {
      element.removeEventListener("click", hold, true);
      element.removeEventListener("submit", holdSubmit, true);
      pressAgain(pressed.splice(0));
      if (sent?.isConnected) sent.requestSubmit();
    });
  }
  element.addEventListener("click", hold, true);
  element.addEventListener("submit", holdSubmit, true);
  for (const type of uses) element.addEventListener(type, begin, { passive: true });
  // In use before this script arrived (a name typed into the domain search, where focus still is):
  // that was the first use. Typing, choosing and tapping a field all leave focus in it.
  if (element.contains(document.activeElement)) begin();
}

/**
 * Starts the page's islands. The page's script calls it once it has evaluated this file and the
 * islands' code, each in a task of its own (scripts/defer-hydration.mjs): nothing here runs on import.
 */
export async function start() {
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
  const atPaint: Promise<void>[] = [];
  for (const element of marked) {
    const name = element.dataset.island as IslandName;
    const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
    const load = (element.dataset.load ?? "paint") as IslandLoad;
    // An island whose code fails to load stays as prerendered; the others still answer.
    const hydrateIsland = () =>
      codeOf(name).then(
        async (module) => {
          const mounted = module.prepare?.(element);
          await hydrate(element, module.default as Loaded, props);
          mounted?.();
          // Browser tests wait for this before they look at what an island loaded on first use shows.
          element.dataset.hydrated = "true";
        },
        (error: unknown) => console.error(`island ${name} did not load`, error),
      );
    if (load === "paint") atPaint.push(hydrateIsland());
    else if (neededAtOnce[name]?.()) {
      firstUse();
      atPaint.push(hydrateIsland());
    } else if (load === "interaction") onFirstUse(element, hydrateIsland);
    else if (load === "any-use") {
      if (used) atPaint.push(hydrateIsland());
      else atFirstUse.push(() => void hydrateIsland());
    } else if (window.scrollY > 0) void hydrateIsland();
    else window.addEventListener("scroll", () => void hydrateIsland(), { once: true, passive: true });
  }
  await Promise.all(atPaint);
  // Browser tests wait for this, as on a page the router hydrates.
  document.documentElement.dataset.hydrated = "true";
  replayEarlyClicks();
}
