import { contactMessages } from "#contracts/contact.ts";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { holdRequests } from "./hold-requests.ts";

/** The contact form's own code, which loads on the form's first use (decision 0036). */
const contactFormCode = /\/assets\/islands-contact-form-[\w-]+\.js$/;

/** The visible toast list (Radix also renders a screen-reader-only copy elsewhere). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test.describe("contact form", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
  });

  test("shows every validation message from the spec", async ({ page }) => {
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      contactMessages.firstNameMin,
      contactMessages.lastNameMin,
      contactMessages.emailInvalid,
      contactMessages.serviceRequired,
      contactMessages.messageMin,
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel("First name").fill("A");
    await expect(page.getByText(contactMessages.firstNameMin)).toBeVisible();
    await page.getByLabel("First name").fill("Al");
    await expect(page.getByText(contactMessages.firstNameMin)).toBeHidden();
  });

  test("counts characters live and turns red past 1000", async ({ page }) => {
    const counter = page.getByTestId("message-counter");
    await page.getByLabel("Message", { exact: true }).fill("Hello");
    await expect(counter).toContainText("5/1000");
    await expect(counter).toHaveAttribute("data-over-limit", "false");
    await page.getByLabel("Message", { exact: true }).fill("x".repeat(1000));
    await expect(counter).toHaveAttribute("data-over-limit", "false");
    await page.getByLabel("Message", { exact: true }).fill("x".repeat(1001));
    await expect(counter).toContainText("1001/1000");
    await expect(counter).toHaveAttribute("data-over-limit", "true");
    await expect(counter).toHaveClass(/text-destructive/);
  });

  test("sends an enquiry, says so and resets the form", async ({ page }) => {
    await page.getByLabel("First name").fill("Aline");
    await page.getByLabel("Last name").fill("Uwase");
    await page.getByLabel("Email").fill("aline@example.rw");
    await page.getByLabel("Service").selectOption({ index: 1 });
    await page.getByLabel("Message", { exact: true }).fill("We would like a quote for a managed VPS and backups.");
    const submitted = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
    const button = page.getByRole("button", { name: "Send Message" });
    await button.click();
    const response = await submitted;
    expect(response.status()).toBe(201);
    await expect(toasts(page).getByText("Message sent successfully!")).toBeVisible();
    await expect(toasts(page).getByText("We'll get back to you within 24 hours.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  });

  test("disables the button and reads Sending... while the request is in flight", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("First name").fill("Brian");
    await page.getByLabel("Last name").fill("Okello");
    await page.getByLabel("Email").fill("brian@example.ug");
    await page.getByLabel("Service").selectOption({ index: 2 });
    await page.getByLabel("Message", { exact: true }).fill("Please call me about a website for our school.");
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    release();
    await expect(toasts(page).getByText("Message sent successfully!")).toBeVisible();
  });
});

test("the form's code loads on first use: what was typed and pressed meanwhile is kept and sent", async ({ page }) => {
  // The form's code is held back until everything is typed and the button pressed (decision 0036).
  const formCode: string[] = [];
  const release = await holdRequests(page, contactFormCode, formCode);
  await page.goto("/contact");
  await waitForHydration(page);
  expect(formCode, "not loaded before the visitor uses the form").toEqual([]);
  const message = "We need a website with mobile money checkout.";
  await page.getByLabel("First name").fill("Diane");
  await page.getByLabel("Last name").fill("Mukamana");
  await page.getByLabel("Email").fill("diane@example.rw");
  await page.getByLabel("Service").selectOption({ index: 1 });
  await page.getByLabel("Message", { exact: true }).fill(message);
  const submitted = page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST");
  await page.getByRole("button", { name: "Send Message" }).click();
  expect(formCode).toHaveLength(1);
  release();
  const sent = (await submitted).postDataJSON() as Record<string, string>;
  expect(sent).toMatchObject({ firstName: "Diane", lastName: "Mukamana", email: "diane@example.rw", message });
  expect(sent.service).toBeTruthy();
  await expect(toasts(page).getByText("Message sent successfully!")).toBeVisible();
});

test("what was typed before the form's code arrived counts in the form", async ({ page }) => {
  const release = await holdRequests(page, contactFormCode);
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Message", { exact: true }).fill("Hello");
  const counter = page.getByTestId("message-counter");
  await expect(counter).toContainText("0/1000");
  release();
  await expect(counter).toContainText("5/1000");
});

test("what is chosen while the form hydrates is kept", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  // Once its code is there, the form notes what was typed before (a query for its fields), then
  // hydrates in slices of its own. The visitor chooses a service right after that note.
  await page.evaluate(() => {
    const query = Element.prototype.querySelectorAll;
    Element.prototype.querySelectorAll = function (this: Element, selectors: string) {
      const found = query.call(this, selectors);
      if (selectors.includes("select") && this.querySelector("form")) {
        Element.prototype.querySelectorAll = query;
        queueMicrotask(() => {
          const service = document.querySelector("select");
          if (!service) throw new Error("no service field");
          service.selectedIndex = 3;
          for (const type of ["input", "change"]) service.dispatchEvent(new Event(type, { bubbles: true }));
        });
      }
      return found;
    } as typeof query;
  });
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Wanjiru");
  await page.getByLabel("Email").fill("grace@example.ke");
  await page.getByLabel("Message", { exact: true }).fill("Interested in a security audit next month.");
  // The counter follows the message: the form has hydrated.
  await expect(page.getByTestId("message-counter")).toContainText("42/1000");
  const chosen = await page.getByLabel("Service").evaluate((select: HTMLSelectElement) => select.options[3]?.value);
  await expect(page.getByLabel("Service")).toHaveValue(chosen ?? "none");
  const submitted = page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST");
  await page.getByRole("button", { name: "Send Message" }).click();
  expect((await submitted).postDataJSON()).toMatchObject({ firstName: "Grace", service: chosen });
});

test.describe("contact form when the server fails", () => {
  // The tuple form: Playwright reads a bare array in test.use as [value, options].
  test.use({
    allowedConsoleErrors: [[/Failed to load resource: the server responded with a status of 503/], { scope: "test" }],
  });

  test("tells the visitor, and keeps what they typed", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 503, body: "unavailable" }));
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Wanjiru");
    await page.getByLabel("Email").fill("grace@example.ke");
    await page.getByLabel("Service").selectOption({ index: 3 });
    await page.getByLabel("Message", { exact: true }).fill("Interested in a security audit next month.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toasts(page).getByText("Failed to send message")).toBeVisible();
    await expect(toasts(page).getByText("Please try again or contact us directly.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Grace");
  });
});
