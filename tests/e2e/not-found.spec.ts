import { expect, test } from "./fixtures.ts";

test("an unknown path answers 404 with the 404 page", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page Not Found" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/does not exist|has been moved|moved/i);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Go Back Home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", "/tech-stack-advisor");
  await expect(main.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
  await expect(main.getByRole("heading", { name: "Popular Destinations" })).toBeVisible();
  for (const [name, href] of [
    ["Home", "/"],
    ["Tech Stack Advisor", "/tech-stack-advisor"],
    ["Domain Registration", "/domains"],
    ["Services", "/services"],
    ["Contact Us", "/contact"],
  ] as const) {
    await expect(main.getByRole("link", { name: new RegExp(`^${name}\\b`) })).toHaveAttribute("href", href);
  }
  await main.getByRole("link", { name: "Go Back Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the 404 page is in the HTML before scripts and is not indexed", async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain("Oops! Page Not Found");
  expect(html).toContain('<meta name="robots" content="noindex"');
});
