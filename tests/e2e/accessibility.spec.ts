import { founder } from "#content/founder.ts";
import { expect, seriousAxeViolations, test, waitForHydration } from "./fixtures.ts";

const paths = ["/", "/services", "/about", "/contact", `/${founder.handle}`, "/no-such-page", "/domains"];

for (const theme of ["light", "dark"] as const) {
  for (const path of paths) {
    test(`${path} has no serious or critical accessibility violations in ${theme} mode`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
      await page.goto(path);
      await waitForHydration(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
}
