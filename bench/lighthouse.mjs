// Runs Lighthouse (mobile, the default) on every public route of the built site, served by the
// real server, in Debian's Chromium, and prints the four category scores and five metrics, each the
// median of BENCH_RUNS runs (3 unless told). The routes are those the sitemap lists (pages, tools
// and /payment in four languages) and the 404 page.
// Run after `npm run build`. Offline: no request leaves this machine.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer } from "./built-server.mjs";

const { origin: base, stop } = await startBuiltServer({
  port: Number(process.env.BENCH_PORT ?? 4390),
  stdio: "inherit",
});

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const metrics = [
    ["first-contentful-paint", "FCP", (v) => `${(v / 1000).toFixed(2)} s`],
    ["largest-contentful-paint", "LCP", (v) => `${(v / 1000).toFixed(2)} s`],
    ["total-blocking-time", "TBT", (v) => `${Math.round(v)} ms`],
    ["cumulative-layout-shift", "CLS", (v) => v.toFixed(3)],
    ["speed-index", "SI", (v) => `${(v / 1000).toFixed(2)} s`],
  ];
  console.log(
    `Lighthouse ` +
      `${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile ` +
      `emulation, simulated throttling\n`,
  );
  console.log(
    `${"route".padEnd(30)}${["perf", "a11y", "best", "seo"].map((h) => h.padStart(6)).join("")}  ` +
      `${metrics.map(([, h]) => h.padStart(9)).join("")}`,
  );
  // BENCH_ROUTES="/,/fr,/sw,/rw" limits the run.
  const only = process.env.BENCH_ROUTES?.split(",").map((r) => r.trim());
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const notFoundRoute = "/this-page-does-not-exist";
  const routes = [...new Set([...listed, notFoundRoute])].filter((r) => !only || only.includes(r));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`${routes.length} routes, median of ${runs} run${runs === 1 ? "" : "s"} each\n`);
  const benchmarkIndexes = [];
  /** One Lighthouse run of `route`: its report, with a line saying why where the run failed. */
  const audit = async (route, flags = {}, config = undefined) => {
    // The 404 page answers 404, which Lighthouse refuses to audit unless told the status is meant.
    const run = () =>
      lighthouse(
        `${base}${route}`,
        { port: chrome.port, output: "json", logLevel: "error", ignoreStatusCode: route === notFoundRoute, ...flags },
        config,
      );
    const failure = (result) => (!result?.lhr ? "no result" : result.lhr.runtimeError?.message);
    let result = await run();
    // NO_NAVSTART is Chromium's trace missing its start (3 runs of 171 here), not the page's doing,
    // and Lighthouse's own advice is to run again: such a run is taken once more.
    if (result?.lhr?.runtimeError?.code === "NO_NAVSTART") {
      console.log(`${route.padEnd(30)}  run failed, run again: ${failure(result)}`);
      result = await run();
    }
    if (failure(result)) console.log(`${route.padEnd(30)}  run failed: ${failure(result)}`);
    return result?.lhr;
  };
  for (const route of routes) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const lhr = await audit(route);
      if (lhr && !lhr.runtimeError) {
        results.push(lhr);
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      }
      // BENCH_REPORTS=<dir> keeps each run's full report, to read what a figure is made of.
      if (process.env.BENCH_REPORTS && lhr) {
        mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
        const name = `${route.replace(/\W+/g, "_") || "_"}-${run + 1}.json`;
        writeFileSync(path.join(process.env.BENCH_REPORTS, name), JSON.stringify(lhr));
      }
    }
    if (results.length === 0) continue;
    const scores = categories
      .map((c) => String(Math.round(median(results.map((lhr) => lhr.categories[c]?.score ?? 0)) * 100)).padStart(6))
      .join("");
    const values = metrics
      .map(([id, , fmt]) => fmt(median(results.map((lhr) => lhr.audits[id]?.numericValue ?? 0))).padStart(9))
      .join("");
    console.log(`${route.padEnd(30)}${scores}  ${values}`);
    // What kept a category below 100 in the median run of performance.
    const lhr = [...results].sort((a, b) => a.categories.performance.score - b.categories.performance.score)[
      Math.floor(results.length / 2)
    ];
    for (const c of categories) {
      const failing = Object.values(lhr.audits).filter(
        (a) =>
          a.score !== null && a.score < 0.9 && lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0),
      );
      if (failing.length) console.log(`${"".padEnd(32)}${c}: ${failing.map((a) => a.id).join(", ")}`);
    }
  }
  // The host's floor: the first route with every script request blocked, so only its HTML and CSS are
  // loaded and laid out. What the browser's own work on the page scores on this host, the part of a
  // row's blocking time that no change to the site's JavaScript can remove.
  const floorRoute = routes[0];
  const floor = [];
  for (let run = 0; floorRoute !== undefined && run < runs; run++) {
    const lhr = await audit(
      floorRoute,
      { onlyCategories: ["performance"] },
      { extends: "lighthouse:default", settings: { blockedUrlPatterns: ["*.js"] } },
    );
    if (lhr && !lhr.runtimeError) floor.push(lhr);
  }
  if (floor.length > 0) {
    const perf = Math.round(median(floor.map((lhr) => lhr.categories.performance.score)) * 100);
    const tbt = Math.round(median(floor.map((lhr) => lhr.audits["total-blocking-time"].numericValue)));
    console.log(
      `\nHost floor: ${floorRoute} with its scripts blocked scores ${perf}, TBT ${tbt} ms ` +
        `(median of ${floor.length}): the browser's own parsing, style and layout on this host`,
    );
  }
  // Simulated throttling multiplies the main-thread time this machine measured by 4, so blocking time
  // (TBT) scales with the host's speed: compare figures only between hosts of a like index.
  if (benchmarkIndexes.length > 0) {
    console.log(
      `\nHost speed: Lighthouse's BenchmarkIndex ${Math.round(median(benchmarkIndexes))} ` +
        `(median of ${benchmarkIndexes.length} runs; higher is faster)`,
    );
  }
} finally {
  await chrome?.kill();
  await stop();
}
