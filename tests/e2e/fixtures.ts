import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every page test fails on a console error, an uncaught exception or a React hydration
 * warning, and on any request to a host other than the site itself.
 */
export const test = base.extend<{ page: Page; allowedConsoleErrors: RegExp[] }>({
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

export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}
