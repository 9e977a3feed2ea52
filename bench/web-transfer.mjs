// What a phone actually downloads for each public page, per language: every byte on the wire
// (HTML, JS, CSS, catalogs, fonts, images; compressed as the server sends them) for a first
// visit with an empty cache, after scrolling to the end of the page so lazy images count too.
// Starts the built server on a spare port. Run after `npm run build`.
// Budget: home page <= 150 KB in every language (issue #20).
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./built-server.mjs";

const { origin, stop } = await startBuiltServer({ port: Number(process.env.BENCH_PORT ?? 4399) });

const routes = [
  "",
  "/services",
  "/about",
  "/contact",
  "/jean-paul-habimana",
  "/domains",
  "/tech-stack-advisor",
  "/speed-analysis",
  "/vps-hosting",
];
const languages = ["en", "fr", "sw", "rw"];
const kb = (bytes) => (bytes / 1024).toFixed(1);

try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const table = {};
  for (const route of routes) {
    for (const language of languages) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      let bytes = 0;
      // Bytes as received: headers plus the (compressed) body.
      page.on("requestfinished", async (request) => {
        const sizes = await request.sizes().catch(() => undefined);
        if (sizes) bytes += sizes.responseHeadersSize + sizes.responseBodySize;
      });
      const url = `${origin}${language === "en" ? route || "/" : `/${language}${route}`}`;
      await page.goto(url, { waitUntil: "networkidle" });
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(300);
      (table[route || "/"] ??= {})[language] = bytes;
      await context.close();
    }
  }
  await browser.close();
  console.log("Total transfer per page on a first visit, phone viewport, scrolled to the end (KB)\n");
  console.log(`${"route".padEnd(22)}${languages.map((l) => l.padStart(8)).join("")}`);
  for (const [route, row] of Object.entries(table)) {
    console.log(`${route.padEnd(22)}${languages.map((l) => kb(row[l]).padStart(8)).join("")}`);
  }
  console.log("\nHome page against the 150 KB budget:");
  for (const language of languages) {
    const bytes = table["/"][language];
    console.log(`  ${language}  ${kb(bytes).padStart(7)} KB  ${bytes <= 150 * 1024 ? "within" : "OVER"}`);
  }
} finally {
  await stop();
}
