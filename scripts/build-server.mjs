// Bundles the server into dist/server (dependencies stay in node_modules) and
// precompresses the built site so it is served as Brotli or gzip without CPU per request.
// `--server-only` skips the site (npm run db:migrate on a fresh clone needs only the server).
import { createHash } from "node:crypto";
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { build } from "esbuild";
import { deferHydrationInBuild, islandsFromManifest } from "./defer-hydration.mjs";
import { screenShellsInBuild } from "./screen-shells.mjs";

await build({
  entryPoints: ["server/main.ts", "server/migrate.ts"],
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

if (process.argv.includes("--server-only")) {
  console.log("server bundled to dist/server");
  process.exit(0);
}

// Prerendered pages paint before any JavaScript is requested (docs/decisions/0031-paint-before-script.md);
// content pages get the islands script instead of the router's (0036). The islands manifest leaves
// the served directory once read.
const islandsManifest = "build/client/.vite/islands-manifest.json";
const islands = islandsFromManifest(JSON.parse(await readFile(islandsManifest, "utf8")));
await rename(islandsManifest, "build/islands-manifest.json");
await rm("build/client/.vite", { recursive: true, force: true });
islands.numberData = await buildNumberDataWorker();
const pages = await deferHydrationInBuild("build/client", islands);
// Client-rendered screens: a shell each that names all of the screen's code at once.
const screens = await screenShellsInBuild("build/client");

/** The worker that loads the browser's number data off the main thread, named by its content like Vite's files. */
async function buildNumberDataWorker() {
  const { outputFiles } = await build({
    entryPoints: ["web/src/islands/number-data-worker.ts"],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2022",
    write: false,
    logLevel: "warning",
  });
  const code = outputFiles[0].contents;
  const file = `assets/number-data-${createHash("sha256").update(code).digest("base64url").slice(0, 8)}.js`;
  await writeFile(path.join("build/client", file), code);
  return `/${file}`;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(html|js|css|svg|json|xml|txt|webmanifest)$/;
const files = (await readdir("build/client", { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && compressible.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
await Promise.all(
  files.map(async (file) => {
    const data = await readFile(file);
    if (data.length < 512) return;
    await writeFile(`${file}.br`, await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
  }),
);
// What this build made itself, for the next release to carry (scripts/carry-assets.mjs).
const built = (await readdir("build/client/assets", { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative("build/client/assets", path.join(entry.parentPath, entry.name)))
  .sort();
await writeFile("build/assets-built.txt", `${built.join("\n")}\n`);
console.log(
  `server bundled to dist/server; ${pages} pages hydrate after first paint; ${screens} screens have their own shell; ` +
    `${files.length} site files precompressed`,
);
