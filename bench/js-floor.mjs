// The JavaScript floor of a hydrated page on this stack (decision 0002): React, react-dom's client,
// React Router's framework-mode hydration and i18next with react-i18next, bundled and minified by
// the same Vite as the site, with nothing of the site's own, gzip -9. Then what the home page
// carries above it: React Router's route manifest (it lists every route in four languages) and
// the site's own code. Run after `npm run build` (it reads the home page's graph from build/client).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = "build/client";
if (!existsSync(path.join(root, "index.html"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

// What entry.client.tsx and root.tsx use of each library, nothing else.
const floorEntry = `
import { createElement, startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Links, Meta, Outlet, Scripts, useMatches } from "react-router";
import { HydratedRouter } from "react-router/dom";
import i18n from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
i18n.use(initReactI18next).init({ lng: "en", resources: {}, initAsync: false });
window.floor = { Links, Meta, Outlet, Scripts, useMatches, useTranslation };
startTransition(() => {
  hydrateRoot(document, createElement(StrictMode, null, createElement(HydratedRouter)));
});
`;

const output = await build({
  configFile: false,
  logLevel: "silent",
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [
    {
      name: "floor-entry",
      resolveId: (id) => (id === "floor-entry" ? "\0floor-entry" : undefined),
      load: (id) => (id === "\0floor-entry" ? floorEntry : undefined),
    },
  ],
  build: { write: false, modulePreload: false, rolldownOptions: { input: "floor-entry" } },
});
const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
const gz = (code) => gzipSync(code, { level: 9 }).length;
const floor = chunks.filter((chunk) => chunk.type === "chunk").reduce((sum, chunk) => sum + gz(chunk.code), 0);

// The home page's graph, as bench/web-sizes.mjs counts it.
const html = readFileSync(path.join(root, "index.html"), "utf8");
const seen = new Set();
const visit = (src) => {
  if (seen.has(src)) return;
  seen.add(src);
  const code = readFileSync(path.join(root, src.replace(/^\//, "")), "utf8");
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(`/assets/${m[1]}`);
};
[...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].forEach((m) => visit(m[1]));
const size = (src) => gz(readFileSync(path.join(root, src.replace(/^\//, ""))));
const total = [...seen].reduce((sum, src) => sum + size(src), 0);
const manifest = [...seen].filter((src) => /\/manifest-[^/]+\.js$/.test(src)).reduce((sum, src) => sum + size(src), 0);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
console.log("\nHome page JavaScript against the stack's floor (gzip -9)");
for (const [name, bytes] of [
  ["floor: react, react-dom, react-router, i18next, react-i18next", floor],
  ["React Router's route manifest (every route, four languages)", manifest],
  ["the site's own code: layout, page, icons, catalog loader", total - floor - manifest],
  [`home page in all (${seen.size} files)`, total],
])
  console.log(`  ${name.padEnd(62)}${kb(bytes)}`);
