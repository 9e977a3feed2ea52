// Rewrites a prerendered page so that no JavaScript is requested before its first paint
// (docs/decisions/0031-paint-before-script.md). React Router writes a `modulepreload` link for every
// module of the page into <head> and an inline module script whose static imports start the
// downloads while the HTML is still parsing: on a slow phone link they share the bandwidth with the
// one stylesheet the page needs to paint. Here the preload links go, and the inline module script
// waits for the first frame to be painted before it imports the same modules, in the same order,
// and starts the same hydration. The page is complete and readable without any of it.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const HYDRATION_SCRIPT = /<script type="module" async="">([^<]*)<\/script>/;
const STATIC_IMPORT = /import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?"([^"]+)";/g;

// The browser's own first-contentful-paint entry says the page is on screen. Where paint timing is
// not there: a frame callback runs before the first paint, and the task it queues runs after it.
// (After the frame callback alone is too early: the frame is not yet presented, and on a fast link
// the scripts would arrive, and count, before the page's first paint.)
const afterFirstPaint = [
  "await new Promise((painted) => {",
  'if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint"))',
  "return requestAnimationFrame(() => setTimeout(painted));",
  "const seen = new PerformanceObserver((list) => {",
  'if (list.getEntriesByName("first-contentful-paint").length > 0) { seen.disconnect(); painted(); }',
  "});",
  'seen.observe({ type: "paint", buffered: true });',
  "});",
].join(" ");

/** Preloads `files` all at once, so the imports do not discover their dependencies one level at a time. */
const preloading = (files) =>
  files.length === 0
    ? []
    : [
        `for (const href of ${JSON.stringify(files)}) ` +
          'document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));',
      ];

/**
 * The inline hydration module, its static imports made dynamic and started after the first paint.
 * The page's module list is then preloaded at once, as React Router's links did, so the imports do
 * not discover their dependencies one level at a time.
 */
export function deferredHydrationScript(source, preloads = []) {
  const imports = [...source.matchAll(STATIC_IMPORT)].map((match) => ({ name: match[1], href: match[2] }));
  if (imports.length === 0) throw new Error("hydration script without static imports: React Router changed its output");
  const rest = source.replace(STATIC_IMPORT, "").trim();
  const names = imports.map((entry, index) => entry.name ?? `_${index}`);
  return [
    afterFirstPaint,
    ...preloading(preloads),
    // One after another, so the modules evaluate in the order the static imports gave them.
    ...imports.map((entry, index) => `const ${names[index]} = await import(${JSON.stringify(entry.href)});`),
    rest,
  ].join("\n");
}

const ISLANDS_PAGE = /<body data-render="islands"/;
// An island's name, and whether it waits for the visitor (`data-load`: on first use, on scroll).
const ISLAND = /data-island="([\w-]+)"( data-load=)?/g;
// An island that formats numbers (`Island`'s `numbers`): in its first render, or in its answers.
const NUMBERS_ISLAND = (when) => new RegExp(`<[^>]* data-island="[\\w-]+"[^>]* data-numbers="${when}"`);
const PAGE_ISLAND = /^web\/src\/islands\/lazy\/([\w-]+)\.tsx$/;
// React Router's context and its streamed loader data: read only by the router, which such a page does not load.
const ROUTER_STATE = /<script>window\.__reactRouterContext[^<]*<\/script>/g;

/**
 * The page islands `html` carries, each with its code files: those loaded after the first paint (and
 * preloaded), or with `waiting`, those that load on the visitor's first use or scroll.
 */
function pageIslands(islands, html, waiting) {
  return [...html.matchAll(ISLAND)]
    .filter((match) => (match[2] !== undefined) === waiting)
    .map((match) => [match[1], islands.pageIslands?.[match[1]] ?? []]);
}

/** The code files of the page islands `html` carries, as `pageIslands` chooses them. */
export function pageIslandFiles(islands, html, waiting = false) {
  return pageIslands(islands, html, waiting).flatMap(([, files]) => files);
}

/** `waitingFiles`' statement in a page: the files it names load on the visitor's first use, not with the page. */
export const WAITING_FILES = /globalThis\.__islandFiles = \{[^;]*\};/;

/**
 * The files of each island on the page that waits for the visitor, for the entry to preload together
 * when it asks for that island's code (web/src/islands/entry.tsx): a tool's island is left out of
 * the entry's own lists (vite.islands.config.ts), and its imports would otherwise be found one level
 * at a time, a round trip each, after the visitor's first tap.
 */
function waitingFiles(islands, html) {
  const withFiles = pageIslands(islands, html, true).filter(([, files]) => files.length > 0);
  return withFiles.length === 0 ? [] : [`globalThis.__islandFiles = ${JSON.stringify(Object.fromEntries(withFiles))};`];
}

/**
 * On a page whose islands format numbers, a worker loads the browser's number data off the main
 * thread (web/src/islands/number-data-worker.ts), before the page's first format needs it: right
 * after the first paint where an island's first render formats numbers, or on the visitor's first
 * tap, key or focus inside one whose answers do, or at once if the address has a query: a shared
 * search (`/domains?q=…`) answers without a touch. It is only a head start: where a browser keeps
 * that data per thread, or refuses the worker, the first format loads it as before.
 */
function warmingNumberData(islands, html) {
  if (!islands.numberData) return [];
  const start = `try { new Worker(${JSON.stringify(islands.numberData)}); } catch {}`;
  if (NUMBERS_ISLAND("first-render").test(html)) return [start];
  if (!NUMBERS_ISLAND("first-use").test(html)) return [];
  return [
    `if (location.search) { ${start} } else { const numbers = new AbortController();`,
    'for (const type of ["pointerdown", "keydown", "focusin"]) document.addEventListener(type, (event) => {',
    'if (!(event.target instanceof Element && event.target.closest("[data-numbers]"))) return;',
    `numbers.abort(); ${start}`,
    "}, { capture: true, passive: true, signal: numbers.signal }); }",
  ];
}

/**
 * The script of a page served with its islands only (docs/decisions/0036-islands.md): after the first
 * paint, the islands entry, the chunks it imports and the code of the page's own islands, preloaded at
 * once, but for those that wait for the visitor's first use or scroll.
 *
 * Then each file is evaluated in a task of its own, in the order one import of the entry and then of
 * each island would have evaluated them (every file after the files it imports), and the entry starts
 * the islands. One import evaluated a tool's whole graph at once: React DOM and i18next in one long
 * task, the tool's schemas and components in another, each past 50 ms on a phone (decision 0036).
 */
export function islandsScript(islands, html = "") {
  const own = pageIslandFiles(islands, html);
  const inOrder = [...new Set([...islands.preloads, islands.entry, ...own])];
  return [
    afterFirstPaint,
    ...warmingNumberData(islands, html),
    ...waitingFiles(islands, html),
    ...preloading(inOrder),
    "const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((next) => setTimeout(next));",
    `for (const href of ${JSON.stringify(inOrder)}) { await import(href); await nextTask(); }`,
    `(await import(${JSON.stringify(islands.entry)})).start();`,
  ].join("\n");
}

/**
 * The page with its module preloads removed and its hydration deferred; unchanged if it has none.
 * A page the root marked `data-render="islands"` gets the islands script instead of the router's.
 */
export function deferHydration(html, islands) {
  const match = HYDRATION_SCRIPT.exec(html);
  if (!match) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((preload) => preload[1]);
  const onlyIslands = islands !== undefined && ISLANDS_PAGE.test(html);
  const script = onlyIslands ? islandsScript(islands, html) : deferredHydrationScript(match[1], preloads);
  const rewritten = html
    .replace(MODULE_PRELOAD, "")
    .replace(match[0], () => `<script type="module">${script}</script>`);
  return onlyIslands ? rewritten.replace(ROUTER_STATE, "") : rewritten;
}

/**
 * The islands entry and its static imports, from the islands build's manifest (vite.islands.config.ts),
 * and for each page island (web/src/islands/lazy/<name>.tsx) the files its code is made of.
 */
export function islandsFromManifest(manifest) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("the islands manifest has no entry");
  // Each file after the files it imports: the order in which importing `keys` evaluates them.
  const withImports = (keys) => {
    const seen = new Set();
    const ordered = [];
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
      ordered.push(key);
    };
    keys.forEach(visit);
    return ordered.map((key) => `/${manifest[key].file}`);
  };
  const preloads = withImports(entry.imports ?? []);
  const pageIslands = {};
  for (const key of Object.keys(manifest)) {
    const name = PAGE_ISLAND.exec(key)?.[1];
    if (name) pageIslands[name] = withImports([key]).filter((file) => !preloads.includes(file));
  }
  return { entry: `/${entry.file}`, preloads, pageIslands };
}

/** Rewrites every prerendered page under the client build (not the SPA fallback: it is only a spinner). */
export async function deferHydrationInBuild(clientDir, islands) {
  const files = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const html = await readFile(file, "utf8");
      const deferred = deferHydration(html, islands);
      if (deferred !== html) await writeFile(file, deferred);
    }),
  );
  return files.length;
}
