import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
// Every run starts on an empty embedded database.
const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-data-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Generous: the admin and payment flows take many steps, and CI shares two cores.
  timeout: 60_000,
  // Screens load their code on demand; on a busy two-core machine that can take more than 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node dist/server/main.js",
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "e2e-admin-password-1",
      // Chat agents answer around the clock here, and a wait times out quickly enough to test.
      CHAT_HOURS: "always",
      CHAT_AGENT_WAIT_SECONDS: "20",
      // Registry lookups go to loopback doubles that tests/e2e/domains.spec.ts starts on these ports.
      DOMAINS_RDAP_BOOTSTRAP_URL: `http://127.0.0.1:${PORT + 11}/rdap/dns.json`,
      DOMAINS_DNS_SERVERS: `127.0.0.1:${PORT + 12}`,
      DOMAINS_WHOIS_SERVERS: `ug=127.0.0.1:${PORT + 13}`,
    },
  },
});
