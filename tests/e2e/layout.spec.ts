import { company } from "#content/company.ts";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

test.describe("navigation bar", () => {
  test("links to every section and Get Started leads to the tech stack advisor", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Services", "Domains", "Tech Stack", "About", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/tech-stack-advisor$/);
  });

  test("turns solid after 10 px of scroll", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-solid", "false");
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute("data-solid", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-solid", "false");
  });

  test("collapses into a menu on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  // Every public page in every language: a longer language's words are where a phone's width runs out.
  const publicPages = [
    "/",
    "/services",
    "/about",
    "/contact",
    "/jean-paul-habimana",
    "/faq",
    "/privacy",
    "/terms",
    "/cookies",
    "/domains",
    "/vps-hosting",
    "/speed-analysis",
    "/tech-stack-advisor",
    "/payment",
    "/missing-page",
  ];
  for (const language of ["en", "fr", "sw", "rw"]) {
    test(`has no horizontal overflow and cuts no text on the narrowest phones (320 px), ${language}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      for (const pagePath of publicPages) {
        const path = language === "en" ? pagePath : `/${language}${pagePath === "/" ? "" : pagePath}`;
        await page.goto(path);
        await waitForHydration(page);
        const { overflow, widest, cut } = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}`;
          // The elements that reach past the edge, named so a failure says where to look.
          const widest = [...document.querySelectorAll("body *")]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5)
            .slice(-3)
            .map(name);
          // Text a section's overflow-hidden, or a button's edge, would clip without any scrollbar to
          // show it: each visible line of text must lie within the screen and within its button. A
          // table that scrolls sideways in its own box shows the rest of its text by scrolling.
          const scrolls = (el: Element) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
          const cut: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!node.textContent?.trim() || !parent || parent.closest("[aria-hidden=true], .sr-only, [hidden]"))
              continue;
            let scroller = false;
            for (let el: Element | null = parent; el && !scroller; el = el.parentElement) scroller = scrolls(el);
            if (scroller) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const box = parent.closest("button")?.getBoundingClientRect();
            const [left, right] = box ? [box.left, box.right] : [0, width];
            for (const rect of range.getClientRects())
              if (rect.width > 0 && (rect.left < left - 0.5 || rect.right > right + 0.5))
                cut.push(`${name(parent)} "${node.textContent.trim().slice(0, 40)}"`);
          }
          return { overflow: document.documentElement.scrollWidth - width, widest, cut };
        });
        expect(overflow, `${path}: ${widest.join(" | ")}`).toBeLessThanOrEqual(0);
        expect(cut, path).toEqual([]);
      }
    });
  }

  test("keeps the floating buttons off the content on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/contact");
    await waitForHydration(page);
    const launcher = page.getByTestId("chat-launcher");
    await expect(launcher).toBeVisible();
    // No scroll-to-top stacked above the chat button on a phone.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByRole("button", { name: "Scroll to top" })).toBeHidden();
    // Typing in the form: the chat button steps aside so it cannot cover the field.
    await page.getByLabel("First name").focus();
    await expect(launcher).toBeHidden();
    await page.getByLabel("First name").blur();
    await expect(launcher).toBeVisible();
  });

  test("has no horizontal overflow on a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ["/", "/services", "/about", "/contact", "/jean-paul-habimana", "/missing-page"]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("footer and floating buttons", () => {
  test("shows the 2024 copyright line", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("contentinfo")).toContainText(`© 2024 ${company.name}`);
  });

  test("shows scroll-to-top after 300 px and it returns to the top", async ({ page }) => {
    await page.goto("/services");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 299));
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("scrolls to the top when the location changes", async ({ page }) => {
    await page.goto("/services");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("opens the chat panel on demand, loading its code only then", async ({ page }) => {
    const chatChunks: string[] = [];
    page.on("request", (request) => {
      if (/chat-panel/.test(request.url())) chatChunks.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    expect(chatChunks).toEqual([]);
    await page.getByRole("button", { name: `Open chat with ${company.assistantName}` }).click();
    const panel = page.getByRole("dialog", { name: company.assistantName });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(`Hello! I'm ${company.assistantName}.`);
    expect(chatChunks.length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Close chat" }).click();
    await expect(panel).toBeHidden();
  });
});

test.describe("theme", () => {
  test("is light by default, toggles to dark, and is remembered without a flash", async ({ page }) => {
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: /Change theme \(current: Light\)/ }).click();
    await expect(html).toHaveClass(/dark/);
    // On reload the class is set by the boot script before any module script runs.
    await page.reload({ waitUntil: "commit" });
    await page.waitForSelector("body");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expect(page.getByRole("button", { name: /current: Dark/ })).toBeVisible();
  });

  test("follows the system preference when set to system", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: /current: Light/ }).click();
    await page.getByRole("button", { name: /current: Dark/ }).click();
    await expect(page.getByRole("button", { name: /current: System/ })).toBeVisible();
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/dark/);
  });
});

// Decision 0040: the bands below the first screen are styled and laid out as they near the viewport.
test.describe("bands below the first screen", () => {
  /** Whether the browser skips drawing the element now (`content-visibility: auto`, off screen). */
  const skipped = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => !element.checkVisibility({ contentVisibilityAuto: true }));

  test("are skipped while the page loads on a phone, and drawn when the visitor scrolls to them", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/services");
    // The hero is drawn at once; the closing band and the footer wait.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await skipped(page, "#services-cta-title")).toBe(true);
    expect(await skipped(page, "#footer a")).toBe(true);
    // Their words are in the page all the same, for find-in-page and screen readers.
    await expect(page.locator("#services-cta-title")).toHaveText(/\S/);
    await page.locator("#footer").scrollIntoViewIfNeeded();
    await expect.poll(() => skipped(page, "#footer a")).toBe(false);
  });

  // The service bands are drawn from the start: a link to one scrolls smoothly past the others, and
  // bands drawn on the way would grow under the scroll and leave the heading off screen.
  test("a link to a service lands on its heading", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/services#cybersecurity");
    const heading = page.locator("#cybersecurity h2");
    await expect(heading).toBeInViewport();
  });
});
