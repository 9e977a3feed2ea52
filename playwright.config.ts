import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's headless shell (chromium-headless-shell: the same Chromium build, in the lighter headless
// mode Playwright itself runs by default) takes a third less time per test here than the full
// browser's headless mode: the accessibility spec took 1.2 min against 1.8. Debian's full chromium
// where the shell is not installed; CHROMIUM_PATH overrides both.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// Each worker starts its own server (dist/server/main.js) on a free port, over an empty embedded
// database, with the registry doubles it reads: see tests/e2e/fixtures.ts. Nothing is shared
// between workers, so no spec waits for another and no run depends on a fixed port.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // A flaky test is a defect to fix, never to retry.
  retries: 0,
  reporter: [["list"]],
  // Generous: the admin and payment flows take many steps, and CI shares two cores.
  timeout: 60_000,
  // Screens load their code on demand; on a busy two-core machine that can take more than 5 s.
  expect: { timeout: 10_000 },
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
