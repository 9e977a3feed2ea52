// The JavaScript floor of a page on this stack, bundled and minified by the same Vite as the site,
// with nothing of the site's own, gzip -9, and what a page carries above it:
// - a content page is served with islands (decision 0036): React, react-dom's client, i18next and
//   react-i18next; the home page is measured against it;
// - a screen that is not prerendered (a customer's account, an order, the staff's screens) hydrates
//   with React Router (decision 0002): the same and React Router's framework-mode hydration; the
//   account screen is measured against it, with the route manifest (every route, four languages).
//   Since decision 0036's second addendum, no prerendered page hydrates with the router.
// Run after `npm run build` (it reads the pages' graphs from build/client).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { withStaticImports } from "./page-graph.mjs";
import { WAITING_FILES } from "../scripts/defer-hydration.mjs";

const root = "build/client";
if (!existsSync(path.join(root, "index.html"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

// What entry.client.tsx and root.tsx use of each library, nothing else.
const routerEntry = `
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

// What web/src/islands/entry.tsx uses of each library, nothing else.
const islandsEntry = `
import { createElement, startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import i18n from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
i18n.use(initReactI18next).init({ lng: "en", resources: {}, initAsync: false });
window.floor = { useEffect, useTranslation };
startTransition(() => {
  hydrateRoot(document.body, createElement(StrictMode, null, null));
});
`;

const gz = (code) => gzipSync(code, { level: 9 }).length;

async function floorOf(source) {
  const output = await build({
    configFile: false,
    logLevel: "silent",
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [
      {
        name: "floor-entry",
        resolveId: (id) => (id === "floor-entry" ? "\0floor-entry" : undefined),
        load: (id) => (id === "\0floor-entry" ? source : undefined),
      },
    ],
    build: { write: false, modulePreload: false, rolldownOptions: { input: "floor-entry" } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  return chunks.filter((chunk) => chunk.type === "chunk").reduce((sum, chunk) => sum + gz(chunk.code), 0);
}

/** A prerendered page's JavaScript, as bench/web-sizes.mjs counts it: total, manifest, files. */
function pageGraph(file) {
  const html = readFileSync(path.join(root, file), "utf8");
  const seen = withStaticImports(
    root,
    [...html.replace(WAITING_FILES, "").matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]),
  );
  const size = (src) => gz(readFileSync(path.join(root, src.replace(/^\//, ""))));
  return {
    total: [...seen].reduce((sum, src) => sum + size(src), 0),
    manifest: [...seen].filter((src) => /\/manifest-[^/]+\.js$/.test(src)).reduce((sum, src) => sum + size(src), 0),
    files: seen.size,
  };
}

const islandsFloor = await floorOf(islandsEntry);
const routerFloor = await floorOf(routerEntry);
const home = pageGraph("index.html");
const account = pageGraph("__screens/account.html");

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
console.log("\nJavaScript against the stack's floor (gzip -9)");
console.log("  Home page (islands, decision 0036):");
for (const [name, bytes] of [
  ["floor: react, react-dom, i18next, react-i18next", islandsFloor],
  ["the site's own code: the layout's islands, catalog loader", home.total - islandsFloor],
  [`in all (${home.files} files)`, home.total],
])
  console.log(`    ${name.padEnd(64)}${kb(bytes)}`);
console.log("  /account, a customer's screen (React Router):");
for (const [name, bytes] of [
  ["floor: react, react-dom, react-router, i18next, react-i18next", routerFloor],
  ["React Router's route manifest (every route, four languages)", account.manifest],
  ["the site's own code: layout, screen, icons, catalog loader", account.total - routerFloor - account.manifest],
  [`in all (${account.files} files)`, account.total],
])
  console.log(`    ${name.padEnd(64)}${kb(bytes)}`);
