import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { expect, test, waitForHydration } from "./fixtures.ts";

/**
 * Every prerendered page is valid HTML: no error from
 * html-validate's recommended rules (.htmlvalidate.json turns off only the pure style rules:
 * attribute case, boolean and empty attribute style, void element style; ids are checked as HTML5 defines them).
 * So is what the browser shows once a screen has hydrated and the visitor has used it.
 */
const validator = new HtmlValidate(new FileSystemConfigLoader());
const BUILD = path.resolve("build/client");

async function problems(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, path.join(process.cwd(), `${name}.html`));
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${name}: ${m.ruleId} ${m.message} (${m.selector ?? `line ${m.line}`})`),
  );
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
}

test("every prerendered page, the 404 pages and the app shell are valid HTML", async () => {
  const files = htmlFiles(BUILD);
  // Nine content pages, the four tools, /payment and the 404 page in four languages, and the SPA fallback.
  expect(files.length).toBeGreaterThanOrEqual(61);
  const found: string[] = [];
  for (const file of files) found.push(...(await problems(readFileSync(file, "utf8"), path.relative(BUILD, file))));
  expect(found).toEqual([]);
});

/** The document as the browser holds it now, after React has rendered what the visitor asked for. */
async function screenProblems(page: Page, name: string): Promise<string[]> {
  const html = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);
  return problems(html, name);
}

test.describe("client-rendered screens are valid HTML", () => {
  test("/payment: empty, with the form's errors, then filled in for Kenya", async ({ page }) => {
    await page.goto("/payment");
    await waitForHydration(page);
    const found = await screenProblems(page, "payment");
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByText("Amount is required")).toBeVisible();
    found.push(...(await screenProblems(page, "payment with errors")));
    await page.locator("label").filter({ hasText: "Kenya" }).click();
    await page.getByLabel("Amount (KES)").fill("5000");
    await page.getByLabel("Phone number").fill("712345678");
    await page.getByLabel("Description (optional)").fill("Web hosting");
    await expect(page.getByText("11/22")).toBeVisible();
    found.push(...(await screenProblems(page, "payment filled in")));
    expect(found).toEqual([]);
  });

  test("/domains with the results of a search", async ({ page }) => {
    await page.goto("/domains");
    await waitForHydration(page);
    await page.getByLabel("Domain name").fill("validhtml");
    const rows = page.getByTestId("domain-row");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(13);
    await expect(page.locator('[data-testid="domain-row"][data-state="checking"]')).toHaveCount(0);
    expect(await screenProblems(page, "domains results")).toEqual([]);
  });

  test("/vps-hosting and its order form", async ({ page }) => {
    await page.goto("/vps-hosting");
    await waitForHydration(page);
    await page.getByRole("radio", { name: "KES" }).click();
    const found = await screenProblems(page, "vps-hosting");
    await page.getByRole("button", { name: "Continue to order" }).click();
    await expect(page.getByLabel("Server name (host name)")).toBeVisible();
    found.push(...(await screenProblems(page, "vps-hosting order form")));
    expect(found).toEqual([]);
  });

  test.describe(() => {
    // Without a session GET /api/admin/verify answers 401 by contract, and Chrome logs every 4xx.
    test.use({ allowedConsoleErrors: [[/status of 401/], { scope: "test" }] });
    test("the admin sign-in screen", async ({ page }) => {
      await page.goto("/admin/login");
      await expect(page.getByLabel("Username")).toBeVisible();
      expect(await screenProblems(page, "admin sign-in")).toEqual([]);
    });
  });
});
