// What a phone actually downloads for each public page, per language: every byte on the wire
// (HTML, JS, CSS, catalogs, fonts, images; compressed as the server sends them) for a first
// visit with an empty cache, after scrolling to the end of the page so lazy images count too.
// Starts the built server on a spare port. Run after `npm run build`.
// Budget: home page <= 150 KB in every language (issue #20).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const port = Number(process.env.BENCH_PORT ?? 4399);
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-web-"));
const server = spawn(process.execPath, ["dist/server/main.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "bench-admin-password-1",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

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
  await waitForServer();
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
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
