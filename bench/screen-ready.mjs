// How long a client-rendered screen (order pages, account, staff sign-in) takes to show its heading
// on a phone: a first visit with an empty cache, over a slow mobile link (150 ms round trip,
// 1.6 Mbit/s down) on a CPU slowed 4x. These screens are served the app shell, so everything the
// screen shows waits for its code: the figure is the cost of how that code is fetched.
// Starts the built server on a spare port. Run after `npm run build`.
// BENCH_ROUTES=/a,/b picks the screens; BENCH_RUNS the visits per screen (median printed).
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./built-server.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const { origin, stop } = await startBuiltServer({ port: Number(process.env.BENCH_PORT ?? 4398) });

// Screens that answer from this server alone (no registry or payment provider behind them).
const routes = (
  process.env.BENCH_ROUTES ?? "/account,/fr/account,/vps-hosting/order/no-such-order,/project-details/1,/admin/login"
).split(",");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const rows = [];
  for (const route of routes) {
    const times = [];
    const requests = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      let count = 0;
      page.on("request", () => count++);
      await page.goto(`${origin}${route}`, { waitUntil: "commit" });
      await page.locator("main h1").first().waitFor({ state: "visible", timeout: 60_000 });
      // From the start of navigation, by the page's own clock.
      times.push(await page.evaluate(() => performance.now()));
      requests.push(count);
      await context.close();
    }
    rows.push({ route, "heading shown (ms, median)": Math.round(median(times)), requests: median(requests) });
  }
  await browser.close();
  console.log(`Client-rendered screens on a throttled phone (150 ms RTT, 1.6 Mbit/s, CPU 4x), ${runs} visits each:`);
  console.table(rows);
} finally {
  await stop();
}
