// Times each tier of the site analyzer on the loopback fixture sites, beside Lighthouse's own
// CLI on the same pages in the same run. Run after `npm run build`: `npm run bench:analysis`.
// Offline: the fixture sites (127.0.0.1 to .3) and the server are on loopback. With Chromium
// installed it also times our Lighthouse lab tier (mobile + desktop, through the filtering proxy)
// on each page.
// BENCH_RUNS (default 3) runs per cell; BENCH_SERVER another server bundle than dist/server/main.js.
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startSingleSite } from "../tests/doubles/sample-sites.ts";

const serverBundle = process.env.BENCH_SERVER ?? "dist/server/main.js";
if (!existsSync(serverBundle)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4391);
const base = `http://127.0.0.1:${port}`;
const chrome = process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : null);

const server = spawn(process.execPath, [serverBundle], {
  env: {
    ...process.env,
    NODE_ENV: "test",
    ANALYSIS_ALLOW_LOOPBACK: "true",
    ANALYSIS_CACHE_SECONDS: "0",
    CHROME_PATH: chrome ?? "off",
    // Each request below says which client it is, so the per-IP limit counts them apart.
    TRUST_PROXY: "loopback",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-analysis-")),
    DATABASE_URL: "",
    REDIS_URL: "",
    LOG_LEVEL: "warn",
  },
  stdio: "inherit",
});
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 150) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 200));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sites = {};
// Each on its own loopback address: the analyzer allows 30 runs per host name in 10 minutes, and the
// third site's runs were refused (429) when all three were 127.0.0.1.
for (const [index, name] of ["heavy", "weak", "seo"].entries())
  sites[name] = await startSingleSite(name, `127.0.0.${index + 1}`);
const rows = [];
try {
  for (const [name, site] of Object.entries(sites)) {
    const row = { site: name };
    for (const kind of ["speed", "seo", "security"]) {
      const times = [];
      let score = null;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const response = await fetch(`${base}/api/analyze-${kind}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.0.0.${i}` },
          body: JSON.stringify({ url: site.url }),
        });
        const body = await response.json();
        times.push(performance.now() - started);
        score = body.result ? (body.grade ?? body.score) : `error ${response.status}`;
      }
      row[`${kind} ms`] = Math.round(median(times));
      row[`${kind} score`] = score;
    }
    if (chrome) {
      // Our lab tier: one request runs Lighthouse mobile then desktop; the mobile run alone is
      // what compares with the CLI's (mobile) run.
      const walls = [];
      const mobiles = [];
      const desktops = [];
      let labScore = null;
      let desktopScore = null;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const response = await fetch(`${base}/api/analyze-speed`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.0.1.${i}` },
          body: JSON.stringify({ url: site.url, lab: true }),
        });
        const body = await response.json();
        walls.push(performance.now() - started);
        const score = (run) =>
          run ? (run.error ? "failed" : Math.round(run.performanceScore * 100)) : `error ${response.status}`;
        const mobile = body.result?.lab?.find((run) => run.formFactor === "mobile");
        const desktop = body.result?.lab?.find((run) => run.formFactor === "desktop");
        if (mobile) mobiles.push(mobile.durationMs);
        if (desktop) desktops.push(desktop.durationMs);
        labScore = score(mobile);
        desktopScore = score(desktop);
      }
      row["lab tier ms (mob+desk)"] = Math.round(median(walls));
      // Each run's own duration, as the runner measures it (the first includes Chromium's launch).
      row["lab mobile ms"] = mobiles.length ? Math.round(median(mobiles)) : null;
      row["lab desktop ms"] = desktops.length ? Math.round(median(desktops)) : null;
      row["lab perf (mob/desk)"] = `${labScore}/${desktopScore}`;
      const times = [];
      let score = null;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            "node_modules/lighthouse/cli/index.js",
            site.url,
            "--only-categories=performance",
            "--output=json",
            "--quiet",
            `--chrome-flags=--headless=new --no-sandbox --disable-gpu`,
          ],
          { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
        );
        times.push(performance.now() - started);
        score = Math.round(JSON.parse(stdout).categories.performance.score * 100);
      }
      row["Lighthouse CLI ms"] = Math.round(median(times));
      row["Lighthouse perf"] = score;
    }
    rows.push(row);
  }
} finally {
  server.kill("SIGTERM");
  for (const site of Object.values(sites)) await site.close();
}
console.log(
  `Site analyzer, median of ${runs} runs per cell (no cache): network tier per kind, our Lighthouse lab tier` +
    `${chrome ? "" : " (skipped: no Chromium)"}, and Lighthouse 12.8.2's CLI (mobile, performance only) on the same page:`,
);
console.table(rows);
