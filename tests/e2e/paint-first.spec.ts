import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { holdRequests } from "./hold-requests.ts";
import { startStalledDocument, type StalledDocument } from "./stalled-document.ts";

/** Every script of the site's: held, the page stays as prerendered. */
const allScripts = "**/assets/*.js";

/** The visitor's first use of the page's tool or form (its first field focused), once its code has hydrated. */
async function useTool(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator('[data-load="interaction"] input').first().focus();
  await expect(page.locator('[data-load="interaction"][data-hydrated]')).toBeAttached();
}

/** Records every layout shift of the page from its first paint: its score and the elements that moved. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[])
        shifts.push(
          `${entry.value} ${entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 120)).join(" | ")}`,
        );
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);

// docs/decisions/0031-paint-before-script.md: a content page paints before it asks for any script.
// The stylesheet is held back: the page cannot paint without it, so no script may be requested
// until it arrives (before, a row of modulepreload links was requested while the head parsed).
for (const path of ["/", "/contact", "/fr/services", "/rw/jean-paul-habimana", "/vps-hosting"]) {
  test(`${path} requests no JavaScript before its first paint, then hydrates`, async ({ page }) => {
    const requests: string[] = [];
    let releaseStylesheet = () => {};
    const stylesheetHeld = new Promise<void>((resolve) => (releaseStylesheet = resolve));
    await page.route("**/*.css", async (route) => {
      requests.push("css");
      await stylesheetHeld;
      await route.continue();
    });
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".js")) requests.push("js");
    });
    await page.goto(path, { waitUntil: "commit" });
    // The document is parsed up to its first classic script, which waits for the stylesheet: the
    // head and the whole page content are there, and nothing but the stylesheet was asked for.
    await page.waitForFunction(() => document.getElementById("i18n-state") !== null, undefined, { polling: 50 });
    expect(requests).toEqual(["css"]);
    releaseStylesheet();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(requests.filter((kind) => kind === "js").length).toBeGreaterThan(0);
  });
}

// docs/decisions/0036-islands.md: a content page loads its islands only, and they answer.
test("a content page loads no router and no page code, and its islands answer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".js")) scripts.push(pathname);
  });
  await page.goto("/sw/services?ref=ad");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => !path.startsWith("/assets/islands-"))).toEqual([]);
  await page.getByRole("button", { name: /menyu/i }).click();
  const menu = page.getByRole("navigation", { name: /simu|mobile/i });
  await expect(menu).toBeVisible();
  // Hydrated at the prerendered address, then rendered again at the real one: the query is kept.
  await expect(menu.getByRole("link", { name: "Français" })).toHaveAttribute("href", "/fr/services?ref=ad");
  await expect(menu.getByRole("link", { name: "Huduma", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByTestId("chat-launcher").click();
  await expect(page.locator("[data-chat-panel]")).toBeVisible();
  expect(scripts.some((path) => path.startsWith("/assets/islands-chat-panel-"))).toBe(true);
});

// Zod's probe for `new Function` broke the page's CSP (no eval) wherever a form parses its input.
for (const path of ["/contact", "/payment", "/domains", "/vps-hosting", "/tech-stack-advisor", "/speed-analysis"]) {
  test(`${path} breaks no rule of its Content Security Policy`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    await page.goto(path);
    // The form's code loads on the visitor's first use: it is what parses the input.
    await useTool(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}

// A tap made before the script has arrived is not lost: it is played once the page has hydrated.
test("a tap on the menu button before the page is interactive opens the menu once it is", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const releaseScripts = await holdRequests(page, allScripts);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
  releaseScripts();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
});

// A link followed before hydration is a plain navigation: hydrating the old page must not cancel it.
// A content page and a tool (a whole tool as an island) alike.
for (const from of ["/fr", "/fr/payment"]) {
  test(`a link followed on ${from} before it is interactive still leads to its page`, async ({ page }) => {
    const releaseScripts = await holdRequests(page, allScripts);
    await page.goto(from, { waitUntil: "domcontentloaded" });
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: "Politique de confidentialité" })
      .click({ noWaitAfter: true });
    releaseScripts();
    await expect(page).toHaveURL(/\/fr\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeVisible();
  });
}

// A prerendered page can be scrolled before it hydrates; hydrating must leave it where the visitor is.
test("a page scrolled before it is interactive stays where the visitor scrolled it", async ({ page }) => {
  const releaseScripts = await holdRequests(page, allScripts);
  await page.goto("/fr", { waitUntil: "domcontentloaded" });
  // The web font swapping in reflows the text above, and the browser's scroll anchoring then moves
  // the page itself: that is not hydration's doing, so the font is in before the page is scrolled.
  await page.evaluate(() => document.fonts.load('1em "Inter Variable"').then(() => document.fonts.ready));
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  releaseScripts();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

// A prerendered tool paints before its script, and its code loads on the visitor's first use of it
// (decision 0036): what is chosen, typed and pressed before it answers counts once it does.
test("a tool's code loads on first use, and what was chosen, typed and pressed before counts", async ({ page }) => {
  const toolCode: string[] = [];
  const release = await holdRequests(page, /\/assets\/islands-payment-[\w-]{8}\.js$/, toolCode);
  await page.goto("/payment");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(toolCode, "not loaded before the visitor uses the tool").toEqual([]);
  await page.locator("label").filter({ hasText: "Kenya" }).click();
  await page.getByLabel("Phone number").fill("712345678");
  await page.getByRole("button", { name: "Pay Now" }).click();
  expect(toolCode).toHaveLength(1);
  // Its files are asked for together, not found one import at a time.
  await expect(page.locator('head link[rel="modulepreload"][href*="/islands-payment-"]')).toBeAttached();
  release();
  // The country and the number count: the press asks only for the amount, in Kenyan shillings.
  await expect(page.getByText("Amount is required")).toBeVisible();
  await expect(page.getByLabel("Amount (KES)")).toBeVisible();
  await expect(page.getByText("Phone number must be at least 9 digits")).toHaveCount(0);
  await expect(page.getByLabel("Phone number")).toHaveValue("712345678");
});

// A tab answers the press itself, not the click that follows it: one pressed before the tool's code
// arrived is pressed again once it has (web/src/lib/early-clicks.ts).
test("a tab pressed before the tool's code arrived is chosen once it has", async ({ page }) => {
  const release = await holdRequests(page, /\/assets\/islands-speed-analysis-[\w-]{8}\.js$/);
  await page.goto("/speed-analysis");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const seo = page.getByRole("tab", { name: "SEO" });
  await seo.click();
  await expect(seo).toHaveAttribute("aria-selected", "false");
  release();
  await expect(seo).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Speed" })).toHaveAttribute("aria-selected", "false");
});

// The browser loads its number data on a page's first number format, in one task React cannot cut:
// 17–90 ms on this project's machines. Only a tool whose first render formats numbers (VPS hosting's
// prices) takes that cost before hydrating (web/src/islands/tool-island.tsx); the others format none
// until the visitor asks for something.
for (const path of ["/payment", "/domains", "/speed-analysis", "/tech-stack-advisor"]) {
  test(`${path} formats no number when the visitor starts using it`, async ({ page }) => {
    await page.addInitScript(() => {
      const formats: string[] = [];
      (window as unknown as { formats: string[] }).formats = formats;
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
          formats.push(String(args[0]));
          return Reflect.construct(target, args) as Intl.NumberFormat;
        },
      });
    });
    await page.goto(path);
    await useTool(page);
    expect(await page.evaluate(() => (window as unknown as { formats: string[] }).formats)).toEqual([]);
  });
}

// Where an island formats numbers, a worker loads the browser's number data off the main thread
// (web/src/islands/number-data-worker.ts): the page's own first format is then cheap.
const numberData = /^\/assets\/number-data-[\w-]{8}\.js$/;
function workersOf(page: Page): string[] {
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
  return workers;
}

test("a tool whose first render shows prices loads its number data in a worker once it has painted", async ({
  page,
}) => {
  const workers = workersOf(page);
  await page.goto("/rw/vps-hosting");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect.poll(() => workers).toEqual([expect.stringMatching(numberData)]);
});

test("a tool whose answers show prices loads its number data on the visitor's first use of it", async ({ page }) => {
  const workers = workersOf(page);
  await page.goto("/domains");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The page's script would have started it before the first import: nothing yet.
  expect(workers).toEqual([]);
  await page.getByLabel("Domain name").focus();
  await expect.poll(() => workers).toEqual([expect.stringMatching(numberData)]);
});

test("a shared search answers without a touch, so its number data loads at once", async ({ page }) => {
  const workers = workersOf(page);
  await page.goto("/domains?q=kigalitech");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect.poll(() => workers).toEqual([expect.stringMatching(numberData)]);
});

for (const path of ["/payment", "/"]) {
  test(`${path} loads no number data`, async ({ page }) => {
    const workers = workersOf(page);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.keyboard.press("Tab");
    expect(workers).toEqual([]);
  });
}

// The founder's figures are counted from the visitor's clock once the page is interactive; the
// prerendered page says "since 2017" and keeps room for the figure, so nothing moves when it comes.
test("the founder page counts from the visitor's clock and moves nothing when it does", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.clock.setFixedTime(new Date("2026-11-15T10:00:00Z"));
  await recordShifts(page);
  await page.goto("/rw/jean-paul-habimana");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // careerStart is 2017-03-01: 9 years and 8 months by the visitor's clock, in Kinyarwanda.
  await expect(page.locator("[data-island=since]").first().locator("span > span").first()).toHaveText(
    "imyaka 9 n'amezi 8",
  );
  expect(await shifts(page)).toEqual([]);
});

// A slow link can pause a page anywhere, and the browser paints what has come. What it painted then
// moved when the rest arrived: CI saw the founder's location line, centred, painted with its pin alone,
// jump left when its words came. The first paint now waits for the whole of the page's content
// (docs/decisions/0037-first-paint-waits-for-the-content.md).
const stalled = test.extend<{ stall: StalledDocument }>({
  stall: async ({ site }, use) => {
    const stall = await startStalledDocument(site.url, "/rw/jean-paul-habimana", "Kigali, mu Rwanda");
    await use(stall);
    await stall.close();
  },
  baseURL: async ({ stall }, use) => use(stall.url),
});

stalled(
  "a page the network pauses half-way is not painted half, and nothing moves when the rest comes",
  async ({ page, stall }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await recordShifts(page);
    await page.goto("/rw/jean-paul-habimana", { waitUntil: "commit" });
    // The first half is parsed and styled: a browser would paint it at its next frame.
    await page.waitForFunction(
      () => document.getElementById("founder-name") !== null && [...document.styleSheets].some((sheet) => sheet.href),
      undefined,
      { polling: 50 },
    );
    // The network pauses for half a second, many frames: none of them may show half a page.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => performance.getEntriesByType("paint").map((entry) => entry.name))).toEqual([]);
    stall.release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(await page.evaluate(() => performance.getEntriesByType("paint").map((entry) => entry.name))).toContain(
      "first-contentful-paint",
    );
    expect(await shifts(page)).toEqual([]);
  },
);
