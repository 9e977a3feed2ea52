import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { defaultLanguage, languages, localizePath, type Language } from "#contracts/languages.ts";
import { routeTable } from "../lib/route-table.ts";

// Generated from the one route table (route-table.ts). Every screen is its own route module, so
// each is code-split and loaded on demand.

const table = Object.entries(routeTable);
const relative = (path: string) => path.replace(/^\//, "");
/** Route ids are the table's names in kebab-case (`domainDetails` → `domain-details`). */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The public site, once per language: English at the root, the others under /fr, /sw and /rw.
 * Route ids carry the language so the same module can serve each copy.
 */
function siteRoutes(language: Language) {
  const english = language === defaultLanguage;
  const id = (name: string) => (english ? kebab(name) : `${language}-${kebab(name)}`);
  const at = (path: string) => relative(localizePath(path, language));
  const entry = ([name, r]: (typeof table)[number]) =>
    r.path === "/" && english ? index(r.file, { id: id(name) }) : route(at(r.path), r.file, { id: id(name) });
  return layout("routes/site-layout.tsx", { id: id("site") }, [
    ...table.filter(([, r]) => r.kind === "page").map(entry),
    layout(
      "routes/app-layout.tsx",
      { id: id("site-app") },
      table.filter(([, r]) => r.kind === "screen" || r.kind === "tool").map(entry),
    ),
    route(english ? "*" : `${language}/*`, "routes/not-found.tsx", { id: id("not-found") }),
  ]);
}

const staffRoutes = table.filter(([, r]) => r.kind === "staff");
// The sign-in screens stand outside the signed-in admin layout.
const signedOut = (path: string) => path === "/auth" || path === "/admin/login";

export default [
  ...languages.map(siteRoutes),
  // Staff screens stand apart from the public site's navbar, footer and chat button.
  layout("routes/app-layout.tsx", { id: "admin-app" }, [
    ...staffRoutes
      .filter(([, r]) => signedOut(r.path))
      .map(([name, r]) => route(relative(r.path), r.file, { id: kebab(name) })),
    layout(
      "routes/admin/admin-layout.tsx",
      staffRoutes
        .filter(([, r]) => !signedOut(r.path))
        .map(([name, r]) => route(relative(r.path), r.file, { id: kebab(name) })),
    ),
  ]),
] satisfies RouteConfig;
