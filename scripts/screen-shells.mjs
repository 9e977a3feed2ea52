// Client-rendered screens (order pages, account, staff) are served the app shell: a spinner until
// their code runs. React Router's shell names only the root's modules; the screen's own module, its
// layouts' and what they import are found one level at a time once the router has started, three
// or four round trips on a phone before the screen can ask for its data. Each screen gets its own
// copy of the shell that names all of them at once, so they download while the router starts.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where the screens' shells go, under the client build: `__screens/<route id>.html` (the server reads them there). */
const SCREENS_DIR = "__screens";
const SHELL = "__spa-fallback.html";

/** React Router's client manifest (`build/client/assets/manifest-<hash>.js`) from its source. */
export function parseRouterManifest(source) {
  const start = source.indexOf("{");
  const end = source.lastIndexOf("}");
  if (!source.startsWith("window.__reactRouterManifest=") || start < 0 || end < start)
    throw new Error("not React Router's manifest: its format changed");
  return JSON.parse(source.slice(start, end + 1));
}

/** What `take` gives for a route and its layouts, outermost first, each once; the root's is the shell's already. */
function alongRoute(manifest, id, take) {
  const files = [];
  for (let route = manifest.routes[id]; route && route.parentId !== undefined; route = manifest.routes[route.parentId])
    files.unshift(...take(route));
  return [...new Set(files)];
}

/** The modules a route needs beyond the root's: its own, its layouts', and their static imports. */
export const routeModules = (manifest, id) =>
  alongRoute(manifest, id, (route) => [route.module, ...(route.imports ?? [])]);

/**
 * The stylesheets a route's layouts and module bring beyond the root's (the staff screens' own,
 * docs/decisions/0039-staff-stylesheet.md), outermost first.
 */
export const routeStyles = (manifest, id) => alongRoute(manifest, id, (route) => route.css ?? []);

/** `shell` with a `<link rel=…>` for each of `hrefs` it does not name yet, after its own last one. */
function withLinks(shell, rel, hrefs) {
  const own = [...shell.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"/>`, "g"))];
  const named = new Set(own.map((match) => match[1]));
  const links = hrefs
    .filter((href) => !named.has(href))
    .map((href) => `<link rel="${rel}" href="${href}"/>`)
    .join("");
  if (links === "") return shell;
  const last = own.at(-1);
  if (!last) throw new Error(`the app shell has no ${rel} link: React Router changed its output`);
  const at = last.index + last[0].length;
  return shell.slice(0, at) + links + shell.slice(at);
}

/**
 * The shell with a preload link for each of `modules` it does not name yet, after its own, and a
 * link for each of `styles` after its own stylesheet: the screen then paints styled, not once its
 * code has added them.
 */
export function screenShell(shell, modules, styles = []) {
  return withLinks(withLinks(shell, "modulepreload", modules), "stylesheet", styles);
}

/**
 * A shell for each route of the manifest that is served the app shell (a route with an address and
 * no prerendered page at it), named by route id. Language copies share their module, so only the
 * English ids are written. Returns how many.
 */
export async function screenShellsInBuild(clientDir) {
  const assets = await readdir(path.join(clientDir, "assets"));
  const manifestFile = assets.find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error("React Router's manifest is missing from the client build");
  const manifest = parseRouterManifest(await readFile(path.join(clientDir, "assets", manifestFile), "utf8"));
  const shell = await readFile(path.join(clientDir, SHELL), "utf8");
  // `fr-account` is `account` again under /fr: the same module, the same shell.
  const languageCopy = (id, route) => {
    const english = manifest.routes[id.replace(/^[a-z]{2}-/, "")];
    return english !== undefined && english !== route && english.module === route.module;
  };
  const screens = Object.entries(manifest.routes).filter(
    ([id, route]) =>
      route.parentId !== undefined &&
      route.path !== undefined &&
      !route.path.endsWith("*") &&
      !languageCopy(id, route) &&
      !existsSync(path.join(clientDir, route.path, "index.html")),
  );
  await mkdir(path.join(clientDir, SCREENS_DIR), { recursive: true });
  await Promise.all(
    screens.map(([id]) =>
      writeFile(
        path.join(clientDir, SCREENS_DIR, `${id}.html`),
        screenShell(shell, routeModules(manifest, id), routeStyles(manifest, id)),
      ),
    ),
  );
  return screens.length;
}
