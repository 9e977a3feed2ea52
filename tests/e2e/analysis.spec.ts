import { startSingleSite } from "../doubles/sample-sites.ts";
import { expect, test as siteTest, waitForHydration } from "./fixtures.ts";
import { holdRequests } from "./hold-requests.ts";

const test = siteTest.extend({ baseURL: async ({ analysisSite }, use) => use(analysisSite.url) });

/**
 * The analyzer refuses loopback targets unless ANALYSIS_ALLOW_LOOPBACK is on, which production
 * refuses; so this spec runs against a second server in test mode (the `analysisSite` fixture),
 * beside the fixture sites it starts itself.
 */
const sites: { close(): Promise<void> }[] = [];
let heavyUrl = "";
let weakUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const heavy = await startSingleSite("heavy");
  const weak = await startSingleSite("weak");
  sites.push(heavy, weak);
  heavyUrl = heavy.url;
  weakUrl = weak.url;
});

test.afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
});

test("runs the speed analysis with visible progress, then the other tabs, and shares the report", async ({
  page,
  context,
}) => {
  await page.goto("/speed-analysis");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("How fast, findable and safe");
  await page.getByLabel("Website address").fill(heavyUrl);
  await page.getByRole("button", { name: "Analyse" }).click();

  // The heavy site takes ~1 s to answer: the stage and progress bar show meanwhile.
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.getByTestId("analysis-stage")).toHaveText(/Fetching the page|Downloading/);

  await expect(page.getByText("Network score")).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("[data-opportunity='enable-compression']")).toBeVisible();
  await expect(page.locator("[data-opportunity='avoid-redirects']")).toBeVisible();
  await expect(page.getByRole("img", { name: /Images/ })).toBeVisible();
  await expect(page).toHaveURL(/\?report=[A-Za-z0-9_-]{22}$/);
  const speedUrl = page.url();

  await page.getByRole("tab", { name: "SEO" }).click();
  await expect(page.getByRole("tab", { name: "SEO" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("SEO score")).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("[data-check='https'][data-status='fail']")).toBeVisible();

  // A different site in the Security tab: grade F with the planted faults.
  await page.getByLabel("Website address").fill(weakUrl);
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByRole("button", { name: "Analyse" }).click();
  await expect(page.getByTestId("gauge-Grade")).toContainText("F", { timeout: 15_000 });
  await expect(page.locator("[data-test='cors'][data-pass='false']")).toBeVisible();

  // The share link opens the same stored report in a fresh tab.
  const shared = await context.newPage();
  await shared.goto(speedUrl);
  await expect(shared.getByRole("tab", { name: "Speed" })).toHaveAttribute("aria-selected", "true");
  await expect(shared.getByText("Network score")).toBeVisible();
  await expect(shared.getByTestId("share-link")).toHaveText(speedUrl);
  await shared.close();
});

test("'Get expert help' opens the contact form, and the enquiry carries the report id", async ({ page }) => {
  await page.goto("/speed-analysis");
  await page.getByRole("tab", { name: "SEO" }).click();
  await page.getByLabel("Website address").fill(weakUrl);
  await page.getByRole("button", { name: "Analyse" }).click();
  await expect(page.getByText("SEO score")).toBeVisible({ timeout: 15_000 });
  const reportId = new URL(page.url()).searchParams.get("report")!;

  await page.getByRole("link", { name: "Get expert help" }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?report=${reportId}$`));
  await waitForHydration(page);
  await page.getByLabel("First name").fill("Aline");
  await page.getByLabel("Last name").fill("Uwase");
  await page.getByLabel("Email").fill("aline@example.rw");
  await page.getByLabel("Service").selectOption({ index: 1 });
  await page.getByLabel("Message", { exact: true }).fill("Please fix what the report found on our site.");
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST"),
    page.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ reportId });
  const response = await request.response();
  expect(response?.status(), await response?.text()).toBe(201);
});

// A visitor quicker than the tool's code: the tab and the button pressed before it arrived are
// pressed again in order once it has, each answered before the next (web/src/lib/early-clicks.ts).
test("a tab and Analyse pressed before the tool's code arrived run that tab's analysis", async ({ page }) => {
  const release = await holdRequests(page, /\/assets\/islands-speed-analysis-[\w-]{8}\.js$/);
  await page.goto("/speed-analysis");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "SEO" }).click();
  await page.getByLabel("Website address").fill(weakUrl);
  const analysed = page.waitForRequest((r) => r.url().includes("/api/analyze-") && r.method() === "POST");
  await page.getByRole("button", { name: "Analyse" }).click();
  release();
  expect(new URL((await analysed).url()).pathname).toBe("/api/analyze-seo");
  await expect(page.getByText("SEO score")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("tab", { name: "SEO" })).toHaveAttribute("aria-selected", "true");
});

test.describe("refusals", () => {
  // The browser logs the 400 answer itself; that one is expected.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("says clearly why a private address is refused", async ({ page }) => {
    await page.goto("/speed-analysis");
    await page.getByLabel("Website address").fill("http://169.254.169.254/latest/meta-data/");
    await page.getByRole("button", { name: "Analyse" }).click();
    await expect(page.getByRole("alert")).toContainText("169.254.169.254 is a link-local address");
    // The server's refusal also names the field it is about.
    const field = page.getByLabel("Website address");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/169\.254\.169\.254 is a link-local address/);
  });

  test("refuses an address longer than the API takes before any request", async ({ page }) => {
    const analyses: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/analyze-")) analyses.push(request.url());
    });
    await page.goto("/fr/speed-analysis");
    await waitForHydration(page);
    const field = page.getByLabel("Adresse du site");
    await field.fill(`https://example.com/${"a".repeat(2048)}`);
    await page.getByRole("button", { name: "Analyser" }).click();
    await expect(field).toHaveAccessibleDescription("Cette adresse est trop longue (2048 caractères au maximum)");
    await expect(field).toBeFocused();
    expect(analyses).toEqual([]);
  });

  test("says an empty address needs filling in, and starts nothing", async ({ page }) => {
    await page.goto("/speed-analysis");
    await waitForHydration(page);
    const field = page.getByLabel("Website address");
    await page.getByRole("button", { name: "Analyse" }).click();
    await expect(page.getByText("Enter a web address to analyse")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAttribute("aria-describedby", "analysis-url-error");
    await field.fill("https://example.com");
    await expect(page.getByText("Enter a web address to analyse")).toBeHidden();
  });
});
