import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { startRegistryDoubles, type RegistryDoubles } from "./registry-doubles.ts";
import { startSiteServer, type SiteServer } from "./site-server.ts";

interface WorkerFixtures {
  /** The domain registries this worker's server reads; specs set up the names they need. */
  registry: RegistryDoubles;
  /** This worker's own server over an empty database: no spec waits for another's ports or rows. */
  site: SiteServer;
  /** A second server that may analyse loopback sites (ANALYSIS_ALLOW_LOOPBACK), for the analyzer's spec. */
  analysisSite: SiteServer;
}

/**
 * Every page test fails on a console error, an uncaught exception or a React hydration
 * warning, and on any request to a host other than the site itself.
 */
export const test = base.extend<{ page: Page; allowedConsoleErrors: RegExp[] }, WorkerFixtures>({
  registry: [
    async ({}, use) => {
      const doubles = await startRegistryDoubles();
      await use(doubles);
      await doubles.close();
    },
    { scope: "worker" },
  ],
  site: [
    async ({ registry }, use) => {
      const server = await startSiteServer(registry.env);
      await use(server);
      await server.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  analysisSite: [
    async ({}, use) => {
      const server = await startSiteServer({ NODE_ENV: "test", ANALYSIS_ALLOW_LOOPBACK: "true", CHROME_PATH: "off" });
      await use(server);
      await server.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  /** Console errors a test causes on purpose (e.g. a failed request it staged). */
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, baseURL, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
    page.on("console", (message) => {
      const text = message.text();
      if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
      // The 404 page is itself served with status 404, which Chrome logs for the document.
      if (/status of 404/.test(text) && message.location().url === page.url()) return;
      if (message.type() === "error" || /hydrat/i.test(text)) problems.push(`console.${message.type()}: ${text}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith("data:")) problems.push(`third-party request: ${url}`);
    });
    await use(page);
    expect(problems, "console errors, hydration warnings or third-party requests").toEqual([]);
  },
});

export { expect };

/**
 * For specs whose tests change state a shared server cannot give back (the first admin's enrolment,
 * the per-address sign-in lockout): each test gets a server and database of its own, started with
 * the worker's defaults plus `serverEnv` (`test.use({ serverEnv: { ... } })`).
 */
export const testWithOwnServer = test.extend<{ serverEnv: Record<string, string>; ownSite: SiteServer }>({
  serverEnv: [{}, { option: true }],
  ownSite: [
    async ({ serverEnv }, use) => {
      const server = await startSiteServer(serverEnv);
      await use(server);
      await server.close();
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ ownSite }, use) => use(ownSite.url),
});

/** Waits until the page's React tree is interactive (the app marks <html data-hydrated>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/** Fills the staff sign-in form and submits it. */
export async function fillSignIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
}
