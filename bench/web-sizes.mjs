// Prints the weight of each public page as a browser first loads it: the HTML, the JavaScript
// it loads up front (entry module, its imports and modulepreloads) and its CSS, each
// gzip-compressed at level 9. Run after `npm run build`. On a content page, the JavaScript of the
// islands that wait for the visitor (their first use or scroll) is shown apart, as "JS on use".
// Budget for the home page: JS <= 90 KB, CSS <= 15 KB, HTML <= 30 KB.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { islandsFromManifest, pageIslandFiles, WAITING_FILES } from "../scripts/defer-hydration.mjs";
import { withStaticImports } from "./page-graph.mjs";

const root = "build/client";
if (!existsSync(path.join(root, "index.html"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

// Every prerendered page: index.html files under build/client.
const routes = readdirSync(root, { recursive: true })
  .filter((file) => String(file).endsWith("index.html"))
  .map((file) => {
    const dir = path.dirname(String(file));
    const route = dir === "." ? "/" : dir === "__not-found" ? "(404 page)" : `/${dir}`;
    return [route, String(file)];
  })
  .sort(([a], [b]) => (a === "/" ? -1 : b === "/" ? 1 : a.localeCompare(b)));

const islands = islandsFromManifest(JSON.parse(readFileSync("build/islands-manifest.json", "utf8")));

// The worker that loads the browser's number data (web/src/islands/number-data-worker.ts).
const NUMBER_DATA = /^\/assets\/number-data-[\w-]+\.js$/;

const gz = (file) => gzipSync(readFileSync(path.join(root, file.replace(/^\//, ""))), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

const rows = routes.map(([route, file]) => {
  const html = readFileSync(path.join(root, file), "utf8");
  // Requested while the page parses: preloads, script files, static imports of inline modules.
  const early = new Set([
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]),
  ]);
  // Requested by the inline hydration module after the first paint (scripts/defer-hydration.mjs),
  // but for the number-data worker of a tool whose answers format numbers (it starts on first use)
  // and the files of the islands that wait for the visitor, which the script only lists for then.
  const named = [...html.replace(WAITING_FILES, "").matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]);
  const workerOnUse = (src) => NUMBER_DATA.test(src) && html.includes('data-numbers="first-use"');
  const late = new Set(named.filter((src) => !early.has(src) && !workerOnUse(src)));
  const js = withStaticImports(root, [...early, ...late]);
  const css = new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]));
  // Islands marked data-load: their code comes on the visitor's first use (or scroll), not with the page.
  const islandsPage = html.includes('<body data-render="islands"');
  const onUse = new Set(
    islandsPage
      ? [...pageIslandFiles(islands, html, true), ...named.filter(workerOnUse)].filter((src) => !js.has(src))
      : [],
  );
  return {
    route,
    html: gz(file),
    js: [...js].reduce((sum, src) => sum + gz(src), 0),
    jsBeforePaint: [...withStaticImports(root, [...early])].reduce((sum, src) => sum + gz(src), 0),
    jsFiles: js.size,
    jsOnUse: [...onUse].reduce((sum, src) => sum + gz(src), 0),
    css: [...css].reduce((sum, href) => sum + gz(href), 0),
  };
});

const latinFont = readdirSync(path.join(root, "assets")).find((f) => /inter-latin-wght.*\.woff2$/.test(f));

console.log("Page weight per prerendered route (KB, gzip -9)\n");
console.log(
  `${"route".padEnd(24)}${"HTML".padStart(8)}${"JS".padStart(8)}${"files".padStart(7)}${"CSS".padStart(8)}` +
    `${"JS before paint".padStart(17)}${"JS on use".padStart(11)}`,
);
for (const r of rows) {
  console.log(
    `${r.route.padEnd(24)}${kb(r.html).padStart(8)}${kb(r.js).padStart(8)}${String(r.jsFiles).padStart(7)}${kb(r.css).padStart(8)}` +
      `${kb(r.jsBeforePaint).padStart(17)}${kb(r.jsOnUse).padStart(11)}`,
  );
}
if (latinFont) {
  console.log(
    `\nInter latin font (woff2, font-display: swap): ${kb(readFileSync(path.join(root, "assets", latinFont)).length)} KB`,
  );
}
const home = rows.find((r) => r.route === "/");
console.log("\nHome page against the budget:");
for (const [name, actual, limit] of [
  ["initial JS", home.js, 90],
  ["JS before paint", home.jsBeforePaint, 0],
  ["CSS", home.css, 15],
  ["HTML", home.html, 30],
]) {
  console.log(
    `  ${name.padEnd(16)}${kb(actual).padStart(7)} KB of ${limit} KB  ${actual <= limit * 1024 ? "within" : "OVER"}`,
  );
}
