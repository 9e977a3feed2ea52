import { expect, seriousAxeViolations, test } from "./fixtures.ts";

/** The privacy policy, terms, cookie statement and FAQ: prerendered in four languages, linked from the footer and the forms. */
test.describe("legal pages and the FAQ", () => {
  test("are prerendered in every language, before any script runs", async ({ request }) => {
    for (const [path, heading] of [
      ["/privacy", "Privacy policy"],
      ["/fr/privacy", "Politique de confidentialité"],
      ["/sw/terms", "Masharti ya huduma"],
      ["/rw/cookies", "Itangazo kuri kuki"],
      ["/faq", "Frequently asked questions"],
      ["/sw/faq", "Maswali yanayoulizwa mara kwa mara"],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toMatch(new RegExp(`<h1[^>]*>(<[^>]+>)*${heading}<`));
    }
  });

  test("the privacy policy names the laws, the recipients and the data protection contact", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");
    await expect(main).toContainText("Law No 058/2021");
    await expect(main).toContainText("Data Protection Act, 2019");
    await expect(main).toContainText("Data Protection and Privacy Act, 2019");
    await expect(main).toContainText("pawaPay");
    await expect(page.getByTestId("dpo-contact").getByRole("link", { name: "privacy@kigalitech.rw" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("the cookie statement lists the cookies the site sets", async ({ page }) => {
    await page.goto("/cookies");
    const table = page.getByTestId("cookie-table");
    for (const name of ["lang", "kts_chat", "kts_admin_session", "theme"]) {
      await expect(table.getByRole("rowheader", { name, exact: true })).toBeVisible();
    }
  });

  test("the footer links every legal page, in the page's language", async ({ page }) => {
    await page.goto("/fr");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Politique de confidentialité" }).click();
    await expect(page).toHaveURL(/\/fr\/privacy$/);
    await expect(footer.getByRole("link", { name: "Conditions d'utilisation" })).toHaveAttribute("href", "/fr/terms");
    await expect(footer.getByRole("link", { name: "Cookies" })).toHaveAttribute("href", "/fr/cookies");
    await expect(footer.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/fr/faq");
    await expect(footer.getByRole("link", { name: "Votre compte" })).toHaveAttribute("href", "/fr/account");
  });

  test("the FAQ opens an answer in place", async ({ page }) => {
    await page.goto("/faq");
    const first = page.getByTestId("faq-list").locator("details").first();
    await first.locator("summary").click();
    await expect(first.locator("p")).toBeVisible();
  });

  test("forms that take personal data link the privacy policy", async ({ page }) => {
    for (const path of ["/contact", "/payment", "/rw/contact"]) {
      await page.goto(path);
      const link = page
        .getByRole("main")
        .getByRole("link", { name: /Privacy policy|Politiki y'ibanga/ })
        .first();
      await expect(link, path).toBeVisible();
      await expect(link).toHaveAttribute("href", path.startsWith("/rw") ? "/rw/privacy" : "/privacy");
    }
  });

  test("the sitemap lists them with their language alternates", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of ["/privacy", "/terms", "/cookies", "/faq"]) {
      expect(sitemap).toContain(`${path}</loc>`);
      expect(sitemap).toMatch(new RegExp(`hreflang="rw" href="[^"]*/rw${path}"`));
    }
  });
});
