// Must stay the first import: it configures Zod before any module builds a schema.
import "../lib/zod-jitless.ts";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaDescriptor,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteError,
} from "react-router";
import { company } from "#content/company.ts";
import { Button } from "../components/ui/button.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { Toaster } from "../components/ui/toaster.tsx";
import { currentLanguage, i18n } from "../i18n/index.ts";
import { catalogsInUse } from "../i18n/inline-catalogs.ts";
import { CATALOG_STATE_ID, namespacesOf, rendersIslands } from "../i18n/page-catalogs.ts";
import { Island } from "../islands/island.tsx";
import { useDocumentLanguage, useLanguageSync } from "../i18n/use-language.ts";
import { earlyClicksScript, replayEarlyClicks } from "../lib/early-clicks.ts";
import { themeBootScript } from "../lib/theme.ts";
import "./app.css";

/**
 * The catalogs this page was rendered with, as inert JSON for entry.client to start i18next
 * with. In the browser the block is kept as the server wrote it.
 */
function CatalogState() {
  const matches = useMatches();
  const json =
    typeof document === "undefined"
      ? JSON.stringify({
          language: currentLanguage(),
          resources: catalogsInUse(currentLanguage(), namespacesOf(matches.map((match) => match.handle))),
        }).replace(/</g, "\\u003c")
      : (document.getElementById(CATALOG_STATE_ID)?.textContent ?? "");
  return (
    <script
      id={CATALOG_STATE_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** The title of the app shell (the SPA fallback) until a screen's own meta names it. */
export function meta(): MetaDescriptor[] {
  return [{ title: i18n.t("meta.defaultTitle", { company: company.name }) }];
}

export function Layout({ children }: { children: ReactNode }) {
  // Tells the build which script the page gets: the islands' or the router's (scripts/defer-hydration.mjs),
  // and the islands the path the page is rendered for: they hydrate with it (islands/document-router.tsx).
  const islands = rendersIslands(useMatches().map((match) => match.handle));
  const { pathname } = useLocation();
  return (
    // The boot script may add the "dark" class before React hydrates.
    <html lang={currentLanguage()} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#111827" media="(prefers-color-scheme: dark)" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* No frame shows half a page: on a link that pauses mid-document, what was painted of a
            half-arrived line moved when the rest came. The first paint waits until the page's content
            is parsed, up to the footer that follows it; a document without one paints once parsed
            (docs/decisions/0037-first-paint-waits-for-the-content.md). */}
        <link rel="expect" href="#footer" blocking="render" />
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <script dangerouslySetInnerHTML={{ __html: earlyClicksScript }} />
        <Meta />
        <Links />
      </head>
      <body data-render={islands ? "islands" : "app"} data-path={islands ? pathname : undefined}>
        {children}
        <CatalogState />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useDocumentLanguage(useLanguageSync());
  // Says the page is interactive: browser tests wait for this instead of for a quiet network.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    replayEarlyClicks();
  }, []);
  return (
    <>
      <Outlet />
      <Island name="toaster" component={Toaster} props={{}} load="any-use" />
    </>
  );
}

export function HydrateFallback() {
  return <PageSpinner />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">{t("error.title")}</h1>
      <p className="text-muted-foreground">{t("error.body")}</p>
      <Button onClick={() => window.location.reload()}>{t("error.reload")}</Button>
    </main>
  );
}
