import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { company } from "#content/company.ts";
import { syncExternalStoreShim } from "./vite.shared.ts";
import { toolIslandNames } from "#web/islands/names.ts";

// The content pages' own script (docs/decisions/0036-islands.md): built after React Router's client
// build, into the same assets directory, from web/src/islands/entry.tsx. React Router is replaced by
// the document router, so the shared layout components run where no router is.
/** A tool island's own file, as `chunkFileNames` below names it. */
const toolIslandFile = new RegExp(`^assets/islands-(${toolIslandNames.join("|")})-[\\w-]{8}\\.js$`);

const siteUrl = (process.env.PUBLIC_URL ?? company.website.url).replace(/\/+$/, "");

/** In the islands build, `source` imported by a module whose path matches `importer` is `replacement`. */
function swapImport(name: string, source: string, importer: RegExp, replacement: string): Plugin {
  const swapped = fileURLToPath(new URL(replacement, import.meta.url));
  return {
    name: `kts:${name}`,
    enforce: "pre",
    resolveId(imported, by) {
      return imported === source && importer.test(by ?? "") ? swapped : null;
    },
  };
}

const swaps = [
  // The islands' catalog table: only what they load after the first paint (see catalog-files.islands.ts).
  swapImport(
    "islands-catalog-files",
    "./catalog-files.ts",
    /[\\/]i18n[\\/]index\.ts$/,
    "web/src/i18n/catalog-files.islands.ts",
  ),
  // lucide-react's icon modules import their renderer as `../createLucideIcon.mjs`; here they get the
  // islands' smaller one, which draws the same markup (see lucide-icon.ts).
  swapImport(
    "slim-lucide-renderer",
    "../createLucideIcon.mjs",
    /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
    "web/src/islands/lucide-icon.ts",
  ),
];

export default defineConfig({
  plugins: swaps,
  publicDir: false,
  define: { __SITE_URL__: JSON.stringify(siteUrl) },
  resolve: {
    alias: [
      syncExternalStoreShim,
      {
        find: /^react-router$/,
        replacement: fileURLToPath(new URL("web/src/islands/document-router.tsx", import.meta.url)),
      },
    ],
  },
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    copyPublicDir: false,
    // The build step reads it to link the entry into each page, then moves it out of the served directory.
    manifest: ".vite/islands-manifest.json",
    target: "es2022",
    modulePreload: {
      // A tool's island loads on its own page only, which preloads its files in the HTML
      // (scripts/defer-hydration.mjs): the entry need not carry their list to every page (1 KB gzip).
      resolveDependencies: (filename, deps) => (toolIslandFile.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      input: { islands: "web/src/islands/entry.tsx" },
      // The page's script calls the entry's `start` once the islands' code is evaluated (Vite drops an
      // app entry's exports by default). "allow-extension" still lets the entry hold the modules it
      // shares with the islands; "exports-only" cut those into a dozen small files.
      preserveEntrySignatures: "allow-extension",
      // Libraries marked "use client" for server components; there are none here.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
      output: {
        entryFileNames: "assets/islands-[hash].js",
        // React and i18next in one chunk that the entry and the page islands share; left to itself the
        // bundler cut them into three small chunks, each with its own gzip overhead (+1.1 KB).
        codeSplitting: {
          groups: [{ name: "core", test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next)[\\/]/ }],
        },
        chunkFileNames: "assets/islands-[name]-[hash].js",
      },
    },
  },
});
