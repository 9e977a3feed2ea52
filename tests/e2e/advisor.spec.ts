import type { Page } from "@playwright/test";
import { expect, seriousAxeViolations, test } from "./fixtures.ts";

/**
 * The tech stack advisor from a visitor's first click to a lead in the staff pipeline, against the
 * real API. Sign-in locks out after 5 failures per username and per IP (shared with admin.spec.ts),
 * so this file signs in once, successfully, and never fails a sign-in. It requests one consultation
 * (5 per IP in 15 minutes).
 */
const ADMIN = { username: "admin", password: "e2e-admin-password-1" };
const PLAN_ID = /\/project-details\/([A-Za-z0-9_-]{22})$/;

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Answers are real radios and checkboxes drawn as cards: the card (their label) is what people click. */
async function choose(page: Page, role: "radio" | "checkbox", name: RegExp) {
  await page
    .locator("label")
    .filter({ has: page.getByRole(role, { name }) })
    .click();
  await expect(page.getByRole(role, { name })).toBeChecked();
}

async function next(page: Page, step: number) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText(`Step ${step} of 7`)).toBeVisible();
}

test.describe("tech stack advisor", () => {
  // Without a staff session GET /api/admin/verify answers 401 by contract, and Chrome logs every 4xx.
  // (An array option is written as [value, options], or Playwright reads its first item as the value.)
  test.use({ allowedConsoleErrors: [[/status of 401/], { scope: "test" }] });

  test("a visitor's saved plan and consultation become a lead that staff work in the pipeline", async ({ page }) => {
    // One journey through two sides of the site: about 30 s on an idle machine, far more on a busy CI runner.
    test.setTimeout(180_000);
    const email = `amani.${Date.now()}@example.com`;

    // The navbar's call to action opens the questionnaire.
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/tech-stack-advisor$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tech Stack Advisor" })).toBeVisible();
    await expect(page.getByText("Step 1 of 7")).toBeVisible();

    await choose(page, "radio", /^Mobile app/);
    await next(page, 2);
    await choose(page, "radio", /^1,000 to 50,000 a month/);
    await choose(page, "radio", /^Fast/);
    await next(page, 3);
    await page.getByLabel("Currency").selectOption("KES");
    await choose(page, "radio", /^More than KES/);
    await next(page, 4);

    // Leaving midway and coming back finds the answers where they were (localStorage).
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
    await expect(page.getByText("We kept your earlier answers. Carry on, or start over.")).toBeVisible();
    await expect(page.getByText("Step 4 of 7")).toBeVisible();
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expect(page.getByLabel("Currency")).toHaveValue("KES");
    await expect(page.getByRole("radio", { name: /^More than KES/ })).toBeChecked();
    await next(page, 4);

    await choose(page, "radio", /^In one to three months/);
    await next(page, 5);
    await choose(page, "checkbox", /^Dart \/ Flutter/);
    await next(page, 6);
    await choose(page, "checkbox", /^Mobile-money payments/);
    await choose(page, "checkbox", /^Works offline or on poor connections/);
    await next(page, 7);
    await choose(page, "radio", /^No preference/);
    await page.getByRole("button", { name: "See my recommendations" }).click();

    // The best plan comes first, with a fit score and a cost in the visitor's currency.
    await expect(page.getByRole("heading", { name: "Plans that fit your project" })).toBeVisible();
    await expect(page.locator("h3").first()).toHaveText("Cross-platform mobile app");
    await expect(page.getByText("Best fit", { exact: true })).toHaveCount(1);
    await expect(page.getByRole("img", { name: /^Fit score: \d{1,3}\/100$/ }).first()).toBeVisible();
    await expect(page.getByText(/^KES\s[\d,.]+[KkMmBb]?\s–\sKES\s[\d,.]+[KkMmBb]?$/).first()).toBeVisible();

    // Saving gives the plan its own shareable address, which survives a reload.
    await page.getByRole("button", { name: "Save and share this plan" }).click();
    await expect(page).toHaveURL(PLAN_ID);
    const planId = PLAN_ID.exec(page.url())![1]!;
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your technology plan" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cross-platform mobile app" })).toBeVisible();

    // The consultation form checks its fields before anything is sent.
    await page.getByLabel("First name").fill("J");
    await page.getByLabel("Last name").fill("Uwase");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Anything we should know? (optional)").fill("We launch in Nairobi first.\nBudget approved.");
    await page.getByRole("button", { name: "Request a consultation" }).click();
    await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
    await page.getByLabel("First name").fill("Amani");
    await expect(page.getByText("First name must be at least 2 characters")).toHaveCount(0);
    await page.getByRole("button", { name: "Request a consultation" }).click();
    await expect(toasts(page).getByText("Request received")).toBeVisible();
    await expect(page.getByText("A consultation has been requested for this plan.")).toBeVisible();

    // Staff sign in once and find the lead in Projects.
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Projects" }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    // The filter lives in the address, so the box shows ticked once the address has changed.
    const leadsOnly = page.getByRole("checkbox", { name: "Leads only" });
    await leadsOnly.click();
    await expect(page).toHaveURL(/\/admin\/projects\?leads=true$/);
    await expect(leadsOnly).toBeChecked();

    const row = page.getByTestId("project-row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect(row).toContainText("Amani Uwase");
    await expect(row).toContainText("Cross-platform mobile app");
    await expect(row.locator("[data-status]")).toHaveText("New");
    await row.getByRole("link", { name: "Mobile app" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/project/${planId}$`));

    // The contact, their notes as plain text, the answers and the plan.
    await expect(page.getByRole("heading", { level: 1, name: "Mobile app" })).toBeVisible();
    const contact = page.getByTestId("project-contact");
    await expect(contact).toContainText("Amani Uwase");
    await expect(page.getByTestId("project-email")).toHaveAttribute("href", `mailto:${email}`);
    await expect(contact.getByRole("link", { name: "Open the enquiry in the inbox" })).toHaveAttribute(
      "href",
      /^\/admin\/enquiries\/[\w-]+$/,
    );
    await expect(page.getByTestId("project-contact-notes")).toHaveText("We launch in Nairobi first.\nBudget approved.");
    await expect(page.getByTestId("project-answers")).toContainText("More than KES");
    await expect(page.getByTestId("project-answers")).toContainText("Dart / Flutter");
    await expect(page.getByTestId("project-plans").locator("h3").first()).toHaveText("Cross-platform mobile app");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The pipeline: proposal sent, then a note; both land in the history.
    await page.getByLabel("Status").selectOption("proposal-sent");
    await expect(toasts(page).getByText("Status changed to Proposal sent")).toBeVisible();
    await expect(page.locator("h1 + [data-status]")).toHaveText("Proposal sent");
    await page.getByLabel("New note").fill("Proposal sent by email, call booked for Monday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(toasts(page).getByText("Note added")).toBeVisible();
    await expect(page.getByTestId("project-notes")).toContainText("Proposal sent by email, call booked for Monday.");
    const history = page.getByTestId("project-history");
    await expect(history).toContainText("changed the status: New → Proposal sent");
    await expect(history).toContainText("added a note");

    // The status holds in the list.
    await page.getByRole("link", { name: "All projects" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\?leads=true$/);
    await expect(page.getByTestId("project-row").filter({ hasText: email }).locator("[data-status]")).toHaveText(
      "Proposal sent",
    );

    // The lead is also in the enquiries inbox, linking back to the plan.
    await page.goto("/admin/enquiries");
    await page.getByLabel("Search enquiries").fill(email);
    await expect(page).toHaveURL(/[?&]q=/);
    const enquiry = page.getByTestId("enquiry-row").filter({ hasText: email });
    await expect(enquiry).toHaveCount(1);
    await enquiry.getByRole("link").click();
    await expect(page.getByTestId("enquiry-name")).toHaveText("Amani Uwase");
    await expect(page.getByTestId("enquiry-message")).toContainText(`/admin/project/${planId}`);
  });
});

test.describe("a missing plan", () => {
  // The plan's API answers 404, which Chrome logs.
  test.use({ allowedConsoleErrors: [[/status of 404/], { scope: "test" }] });

  test("says Plan not found", async ({ page }) => {
    await page.goto("/project-details/AAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByRole("heading", { level: 1, name: "Plan not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start a new plan" })).toBeVisible();
  });
});
