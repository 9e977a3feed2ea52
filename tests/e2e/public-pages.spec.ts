import { about } from "#content/about.ts";
import { company } from "#content/company.ts";
import { featuredServices } from "#content/featured.ts";
import { founder } from "#content/founder.ts";
import { serviceCategories } from "#content/services.ts";
import { stats } from "#content/stats.ts";
import { technologies } from "#content/technologies.ts";
import { testimonials } from "#content/testimonials.ts";
import { sitemapRoutes } from "#web/lib/sitemap-routes.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

/** What each public page must say; checked in the raw HTML (before any script) and in the browser. */
const pages: { path: string; h1?: RegExp; texts: string[] }[] = [
  {
    path: "/",
    texts: [
      ...stats.map((s) => s.value),
      ...featuredServices.flatMap((f) => [f.title, f.badge]),
      ...testimonials.map((t) => t.name),
      ...technologies.map((t) => t.name),
      ...technologies.map((t) => `${t.popularity}%`),
    ],
  },
  {
    path: "/services",
    texts: [
      ...serviceCategories.flatMap((c) => [c.title, ...c.services.map((s) => s.name)]),
      "Most Popular",
      "Request Consultation",
      "Instant Provisioning",
      "Ongoing Service",
    ],
  },
  {
    path: "/about",
    texts: [
      about.mission,
      about.vision,
      ...about.values.map((v) => v.title),
      ...about.timeline.map((t) => String(t.year)),
      company.phone.display,
    ],
  },
  {
    path: "/contact",
    texts: [
      company.phone.display,
      company.email,
      company.website.display,
      "Send Message",
      ...company.businessHours.map((h) => h.days),
    ],
  },
  {
    path: `/${founder.handle}`,
    texts: [
      founder.name,
      "Chief Executive Officer",
      "Kigali, Rwanda",
      "Contact CEO",
      ...founder.headlineFigures.flatMap((f) => [f.value, f.label]),
      ...founder.skills.flatMap((s) => [s.name, `${s.percentage}%`]),
      ...founder.achievements.map((a) => a.title),
      "Current",
      ...founder.research.map((r) => r.title),
      ...founder.degrees.map((d) => d.degree),
      ...founder.certifications.map((c) => c.name),
    ],
  },
];

/** No-break spaces keep a phone number or a figure on one line; the words are the same. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const decode = (html: string) =>
  plainSpaces(html)
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

for (const { path, texts } of pages) {
  test.describe(`page ${path}`, () => {
    test("is prerendered: its full text and its own head tags are in the HTML before any script runs", async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = decode(await response.text());
      for (const text of texts) expect(html, text).toContain(text);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toContain(`<link rel="canonical" href="${new URL(path, company.website.url).toString()}"`);
      for (const tag of [
        'property="og:title"',
        'property="og:description"',
        'property="og:url"',
        'name="twitter:card"',
      ]) {
        expect(html).toContain(tag);
      }
      expect((html.match(/<h1[\s>]/g) ?? []).length).toBe(1);
    });

    test("reads fully with JavaScript disabled", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      // Each text is looked for where it stands, as shown text: not in the page's inline data.
      for (const expected of texts.slice(0, 8)) await expect(page.getByText(expected).first()).toBeVisible();
      await context.close();
    });

    test("hydrates without errors and keeps its content", async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator("main")).toContainText(texts[0] ?? "");
    });
  });
}

test("each page has its own title and description", async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const { path } of pages) {
    const html = await (await request.get(path)).text();
    titles.add(html.match(/<title>([^<]+)<\/title>/)?.[1] ?? "");
    descriptions.add(html.match(/<meta name="description" content="([^"]+)"/)?.[1] ?? "");
  }
  expect(titles.size).toBe(pages.length);
  expect(descriptions.size).toBe(pages.length);
});

test("the founder's portrait shows his monogram where the photo cannot load, with no script", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.route(`**${founder.photo.src}`, (route) => route.abort());
  await page.goto(`/${founder.handle}`);
  const portrait = page.getByRole("img", { name: founder.photo.alt });
  await expect(portrait).toBeVisible();
  await expect.poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
  const drawn = await portrait.evaluate((image: HTMLImageElement) => {
    const before = getComputedStyle(image, "::before");
    const box = image.getBoundingClientRect();
    return {
      loaded: image.naturalWidth > 0,
      content: before.content,
      position: before.position,
      background: before.backgroundImage,
      covers: before.width === `${box.width}px` && before.height === `${box.height}px`,
    };
  });
  expect(drawn.loaded).toBe(false);
  // The initials, over the frame's gradient, covering the whole image (its broken icon and alt text).
  expect(drawn.content).toBe('"JH" / ""');
  expect(drawn.position).toBe("absolute");
  expect(drawn.background).toMatch(/^linear-gradient/);
  expect(drawn.covers).toBe(true);
  await context.close();
});

test("the home page carries Organization JSON-LD", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const json = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  const data = JSON.parse(json ?? "{}") as Record<string, unknown>;
  expect(data).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", name: company.name });
});

test("sitemap.xml and robots.txt are served", async ({ request, site }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  // Addresses are absolute, from PUBLIC_URL (the test server's own address here).
  for (const { path } of pages) expect(sitemap).toContain(`<loc>${new URL(path, site.url).toString()}</loc>`);
  // Each listed route once per language (English, French, Swahili, Kinyarwanda).
  expect(sitemap.match(/<url>/g)).toHaveLength(sitemapRoutes.length * 4);
  expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap: ");
});

test("every client-only screen answers 200 with its own screen, never the 404 page", async ({ page }) => {
  // Screens whose capability has not landed show "coming soon"; the rest show themselves.
  for (const path of [
    "/domains",
    "/domain-details/abc",
    "/tech-stack-advisor",
    "/speed-analysis",
    "/vps-hosting",
    "/payment",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByText("Oops! Page Not Found"), path).toHaveCount(0);
  }
});

test("a client-rendered screen's document names all of its code, so none of it waits for another file", async ({
  request,
}) => {
  for (const [path, module] of [
    ["/domains/order/kigali.rw", "domain-order"],
    ["/fr/account", "account"],
    ["/admin/login", "admin-login"],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(new RegExp(`<link rel="modulepreload" href="/assets/${module}-[\\w-]+\\.js"/>`));
    expect(html, path).toMatch(/<link rel="modulepreload" href="\/assets\/app-layout-[\w-]+\.js"\/>/);
  }
});

test("moving between pages shows the new page at the top", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(serviceCategories[0]!.title).first()).toBeVisible();
});

// The page glides up, unless the visitor asked their system for less motion: then it is at the top
// by the next frame.
for (const motion of ["no-preference", "reduce"] as const) {
  test(`the scroll-to-top button, with reduced motion ${motion}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await page.goto("/services");
    await waitForHydration(page);
    await page.mouse.wheel(0, 4000);
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toBeVisible();
    await button.click();
    const afterAFrame = await page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(window.scrollY))),
    );
    if (motion === "reduce") expect(afterAFrame).toBe(0);
    else expect(afterAFrame).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
}
