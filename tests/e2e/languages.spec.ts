import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { founderHandle } from "#content/founder-handle.ts";
import { brandPlaceholders, englishContent } from "#content/locales/english.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Every public page in French, Swahili and Kinyarwanda shows no English sentence that its
 * language translates: the page's visible text is searched for each English catalog and
 * content string whose translation differs.
 */
const root = path.resolve(import.meta.dirname, "../..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as unknown;
const publicCatalogs = readdirSync(path.join(root, "web/src/i18n/locales/fr")).map((file) =>
  file.replace(/\.json$/, ""),
);

/** Pairs of (English, translation) for every string leaf at the same place in both trees. */
function pairs(english: unknown, other: unknown, out: [string, string][] = []): [string, string][] {
  if (typeof english === "string" && typeof other === "string") out.push([english, other]);
  else if (Array.isArray(english) && Array.isArray(other)) english.forEach((item, i) => pairs(item, other[i], out));
  else if (english && typeof english === "object" && other && typeof other === "object") {
    for (const [key, value] of Object.entries(english)) pairs(value, (other as Record<string, unknown>)[key], out);
  }
  return out;
}

/** English sentences (at least three words, no placeholders) that the language says differently. */
function untranslatedProbes(language: string): string[] {
  const all: [string, string][] = [];
  for (const ns of publicCatalogs)
    pairs(json(`web/src/i18n/locales/en/${ns}.json`), json(`web/src/i18n/locales/${language}/${ns}.json`), all);
  for (const [module, exports] of Object.entries(englishContent)) {
    pairs(
      JSON.parse(brandPlaceholders(JSON.stringify(exports))),
      json(`content/locales/${language}/${module}.json`),
      all,
    );
  }
  return [
    ...new Set(
      all
        .filter(([en, tr]) => en !== tr && !/[{<$]/.test(en) && en.trim().split(/\s+/).length >= 3)
        .map(([en]) => en.trim()),
    ),
  ];
}

const pages = [
  "",
  "/services",
  "/about",
  "/contact",
  `/${founderHandle}`,
  "/domains",
  "/tech-stack-advisor",
  "/speed-analysis",
  "/vps-hosting",
  "/no-such-page",
];

for (const language of ["fr", "sw", "rw"] as const) {
  test(`every public page reads in ${language}, with no English left`, async ({ page }) => {
    test.setTimeout(120_000);
    const probes = untranslatedProbes(language);
    expect(probes.length).toBeGreaterThan(200);
    for (const pagePath of pages) {
      await page.goto(`/${language}${pagePath}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("main h1").first()).toBeVisible();
      const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
      const leftovers = probes.filter((probe) => text.includes(probe));
      expect(leftovers, `English on /${language}${pagePath}`).toEqual([]);
    }
  });
}

test("prerendered pages name their translations and carry only their own language's words", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/sw/services")).text();
  expect(html).toContain('<html lang="sw"');
  for (const [lang, href] of [
    ["en", "/services"],
    ["fr", "/fr/services"],
    ["sw", "/sw/services"],
    ["rw", "/rw/services"],
    ["x-default", "/services"],
  ]) {
    expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${lang}" href="[^"]*${href}"`, "i"));
  }
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/sw\/services"/);
  // The Swahili page's catalog is Swahili only: no English sentence from the services catalog rides along.
  const english = json("web/src/i18n/locales/en/services.json") as {
    meta: { description: string };
    hero: Record<string, string>;
  };
  expect(html).toContain('"language":"sw"');
  for (const sentence of [english.meta.description, ...Object.values(english.hero)])
    expect(html).not.toContain(sentence.split("{{")[0]);

  await page.goto("/sw/services");
  await page
    .getByRole("link", { name: /kuhusu|about/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/sw\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
});

test("the language switcher keeps the visitor on the same page and is remembered", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/services?ref=nav");
  await page.getByRole("button", { name: /change language/i }).click();
  await page.locator("header").getByRole("link", { name: "Français" }).click();
  await expect(page).toHaveURL(/\/fr\/services\?ref=nav$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const french = json("web/src/i18n/locales/fr/services.json") as { meta: { title: string } };
  await expect(page).toHaveTitle(new RegExp(french.meta.title));
  expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("fr");

  // Next visit to an English address goes to the chosen language.
  await page.goto("/about");
  await expect(page).toHaveURL(/\/fr\/about$/);

  // Choosing English again is remembered too.
  await page.getByRole("button", { name: /changer de langue/i }).click();
  await page.locator("header").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goto("/contact");
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a first visit follows the browser's language", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "sw-KE", baseURL });
  const page = await context.newPage();
  await page.goto("/about");
  await expect(page).toHaveURL(/\/sw\/about$/);
  await context.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test("the mobile menu offers every language", async ({ page }) => {
    await page.goto("/rw/services");
    await page.locator('button[aria-controls="mobile-menu"]').click();
    const menu = page.locator("#mobile-menu");
    for (const name of ["English", "Français", "Kiswahili", "Ikinyarwanda"])
      await expect(menu.getByRole("link", { name })).toBeVisible();
    await menu.getByRole("link", { name: "Kiswahili" }).click();
    await expect(page).toHaveURL(/\/sw\/services$/);
  });
});
