import { readFile } from "node:fs/promises";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { EnquiryPage } from "#contracts/admin.ts";
import { expect, fillSignIn, seriousAxeViolations, test } from "./fixtures.ts";

/**
 * The admin area against the real API. The server creates this first admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD (playwright.config.ts). Sign-in locks out after 5 failures per
 * username and per IP in 15 minutes, so the whole file makes exactly one failed attempt, and it
 * posts only two enquiries (the contact form allows 5 per IP in 15 minutes, shared with
 * contact.spec.ts).
 */
const ADMIN = { username: "admin", password: "e2e-admin-password-1" };

// Without a session GET /api/admin/verify answers 401 by contract, and Chrome logs every 4xx;
// the connection-error test cuts the network on purpose.
// (An array option is written as [value, options], or Playwright reads its first item as the value.)
test.use({ allowedConsoleErrors: [[/status of 401/, /ERR_INTERNET_DISCONNECTED/], { scope: "test" }] });

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** State-changing admin calls must carry the site's Origin, as a browser's fetch does (the page must be on the site). */
function originOf(page: Page): string {
  return new URL(page.url()).origin;
}

async function post(request: APIRequestContext, page: Page, url: string, data: unknown) {
  return request.post(url, { data, headers: { Origin: originOf(page) } });
}

/** Signs in through the API; the page's browser context keeps the session cookie. */
async function signInThroughApi(page: Page, user: { username: string; password: string } = ADMIN) {
  const response = await post(page.request, page, "/api/admin/login", user);
  expect(response.status(), await response.text()).toBe(200);
}

async function createEnquiry(
  page: Page,
  fields: { firstName: string; lastName: string; email: string; message: string },
) {
  const response = await post(page.request, page, "/api/contact", {
    ...fields,
    service: "web-development",
    website: "",
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function findEnquiryId(page: Page, q: string): Promise<string> {
  const response = await page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  const list = EnquiryPage.parse(await response.json());
  expect(list.items).toHaveLength(1);
  return list.items[0]!.id;
}

/** The requests the page makes to one API endpoint, as they happen. */
function apiCalls(page: Page, method: string, path: string): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) calls.push(request.url());
  });
  return calls;
}

/** A field the form refused: marked invalid, and described by its message. */
async function expectRefused(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

test.describe("admin sign-in", () => {
  test("signs in with a toast and lands on the dashboard, outside the public layout", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "Sign in to the admin dashboard" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await fillSignIn(page, ADMIN);
    await expect(toasts(page).getByText("Login successful")).toBeVisible();
    await expect(toasts(page).getByText("Welcome to the admin dashboard")).toBeVisible();
    // F8 takes the keyboard to the notifications (decision 0035).
    await page.keyboard.press("F8");
    await expect(toasts(page)).toBeFocused();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    // Admin-only sections are listed for an admin; the public navbar and chat button are not there.
    const nav = page.getByRole("navigation", { name: "Admin navigation" });
    await expect(nav.getByRole("link", { name: "Staff" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Audit log" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveCount(0);
    await expect(page.getByTestId("tile-chats")).toContainText(/\d/);
    const chart = page.getByTestId("daily-chart");
    await expect(chart).toHaveAttribute("aria-label", /last 30 days/i);
    // Pointing at a day (today, the last) shows its figures over the chart.
    const box = (await chart.boundingBox())!;
    await chart.hover({ position: { x: box.width - 30, y: box.height / 2 } });
    await expect(chart.locator("foreignObject")).toContainText(/Enquiries\s*\d+\s*Payments\s*\d+/);
    // Whether paid orders can be fulfilled without a person: each registry and each server cluster.
    await expect(page.getByRole("heading", { name: "Domain registries (EPP)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Server clusters (Proxmox VE)" })).toBeVisible();
    await expect(
      page.getByTestId("cluster-health").or(page.getByText(/No Proxmox cluster is configured/)),
    ).toBeVisible();

    // An existing session entering the sign-in screen is sent to the dashboard.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("says Invalid credentials for a wrong password, and editing a field clears it", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Back to main site" })).toBeVisible();

    // Both fields are required by the form, before anything is sent.
    const sent = apiCalls(page, "POST", "/api/admin/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expectRefused(page.getByLabel("Username"), "Username is required");
    await expect(page.getByLabel("Username")).toBeFocused();
    expect(sent).toEqual([]);

    await fillSignIn(page, { username: ADMIN.username, password: "not-the-password" });
    const error = page.getByTestId("login-error");
    await expect(error).toHaveText("Invalid credentials");
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByLabel("Password", { exact: true }).fill("something else");
    await expect(error).toHaveCount(0);

    await page.getByRole("button", { name: "Back to main site" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("shows the connection error when the network fails", async ({ page }) => {
    await page.route("**/api/admin/login", (route) => route.abort("internetdisconnected"));
    await page.goto("/admin/login");
    await fillSignIn(page, ADMIN);
    await expect(page.getByTestId("login-error")).toHaveText("Connection error. Please try again.");
  });
});

test.describe("admin guard", () => {
  test("sends a visitor without a session to sign-in and back to where they were going", async ({ page }) => {
    await page.goto("/admin/enquiries?status=new");
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fenquiries%3Fstatus%3Dnew$/);
    await fillSignIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/enquiries\?status=new$/);
    await expect(page.getByLabel("Status")).toHaveValue("new");
  });

  test("ignores a next address outside the admin area", async ({ page }) => {
    await page.goto("/admin/login?next=%2F%2Fevil.example%2Fadmin");
    await fillSignIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("signs out and guards the dashboard again", async ({ page }) => {
    await page.goto("/");
    await signInThroughApi(page);
    await page.goto("/admin");
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/audit");
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faudit$/);
  });

  test("shows an agent neither Staff nor Audit log, and says no access if they go there", async ({ page }) => {
    await page.goto("/");
    await signInThroughApi(page);
    const agent = { username: `agent${Date.now()}`, password: "agent-e2e-password-1" };
    const created = await post(page.request, page, "/api/admin/users", {
      ...agent,
      displayName: "Test Agent",
      role: "agent",
    });
    expect(created.status(), await created.text()).toBe(201);
    expect((await post(page.request, page, "/api/admin/logout", undefined)).status()).toBe(204);
    await signInThroughApi(page, agent);

    await page.goto("/admin");
    await expect(page.getByTestId("admin-user-name")).toHaveText("Test Agent");
    const nav = page.getByRole("navigation", { name: "Admin navigation" });
    await expect(nav.getByRole("link", { name: "Enquiries" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  });

  test("an agent sets up two-factor sign-in, signs in with a recovery code, and an admin resets it", async ({
    page,
  }) => {
    await page.goto("/");
    await signInThroughApi(page);
    const agent = { username: `twofactor${Date.now()}`, password: "agent-e2e-password-2" };
    const created = await post(page.request, page, "/api/admin/users", {
      ...agent,
      displayName: "Second Factor",
      role: "agent",
    });
    expect(created.status(), await created.text()).toBe(201);
    expect((await post(page.request, page, "/api/admin/logout", undefined)).status()).toBe(204);
    await signInThroughApi(page, agent);

    await page.goto("/admin");
    await page.getByRole("button", { name: /Second Factor/ }).click();
    await page.getByRole("menuitem", { name: "Set up two-factor sign-in" }).click();
    const dialog = page.getByRole("dialog", { name: "Two-factor sign-in" });
    await dialog.getByRole("button", { name: "Start setup" }).click();
    const secret = (await dialog.getByTestId("totp-secret").textContent())!.trim();
    await dialog.getByLabel("6-digit code from the app").fill("12345");
    await dialog.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(dialog.getByText("Enter the 6 digits shown in your app.")).toBeVisible();
    await dialog.getByLabel("6-digit code from the app").fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
    await dialog.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const codes = dialog.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!;
    await dialog.getByRole("button", { name: "I have saved them" }).click();
    await expect(dialog).toHaveCount(0);

    // The next sign-in asks for the second step; a recovery code works once.
    expect((await post(page.request, page, "/api/admin/logout", undefined)).status()).toBe(204);
    await page.goto("/admin/login");
    await fillSignIn(page, agent);
    await page.getByLabel("Verification code").fill(recovery);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("admin-user-name")).toHaveText("Second Factor");

    // An admin resets it from the staff page.
    expect((await post(page.request, page, "/api/admin/logout", undefined)).status()).toBe(204);
    await signInThroughApi(page);
    await page.goto("/admin/staff");
    const row = page.getByTestId("staff-row").and(page.locator(`[data-username="${agent.username}"]`));
    await expect(row.getByTestId("staff-two-factor")).toHaveText("Two-factor on");
    await row.getByRole("button", { name: "Actions for Second Factor" }).click();
    page.once("dialog", (confirm) => void confirm.accept());
    await page.getByRole("menuitem", { name: "Reset two-factor sign-in" }).click();
    await expect(toasts(page).getByText("Two-factor sign-in reset for Second Factor")).toBeVisible();
    await expect(row.getByTestId("staff-two-factor")).toHaveText("Password only");
  });

  test("lists only working sections, and Reports shows each report for the chosen dates with its CSV", async ({
    page,
  }) => {
    await page.goto("/");
    await signInThroughApi(page);
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Admin navigation" });
    await expect(nav.getByRole("link", { name: "Reports" })).toBeVisible();
    await expect(nav).not.toContainText(/Coming next|Soon/);

    await nav.getByRole("link", { name: "Reports" }).click();
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
    for (const kind of ["enquiries", "chats", "payments", "orders"]) {
      await expect(page.getByTestId(`report-${kind}`)).toBeVisible();
    }
    // This worker's database may hold no enquiries yet: the report says so instead of drawing empty bars.
    await expect(page.getByTestId("enquiries-total")).toContainText(/\d/);

    await page.getByLabel("From", { exact: true }).fill("2026-01-01");
    await page.getByLabel("To", { exact: true }).fill("2026-03-31");
    await expect(page).toHaveURL(/from=2026-01-01/);
    await expect(page).toHaveURL(/to=2026-03-31/);
    await expect(page.getByTestId("orders-by-kind")).toContainText("No orders in these dates.");
    await expect(page.getByTestId("report-csv-payments")).toHaveAttribute(
      "href",
      "/api/admin/reports/payments.csv?from=2026-01-01&to=2026-03-31",
    );
    const download = page.waitForEvent("download");
    await page.getByTestId("report-csv-enquiries").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("report-enquiries-2026-01-01-to-2026-03-31.csv");
    expect(await readFile((await file.path())!, "utf8")).toMatch(/^"section","key","enquiries","won","won_percent"/);

    await page.getByLabel("From", { exact: true }).fill("2026-05-01");
    await expect(page.getByRole("alert")).toHaveText("The start date must be on or before the end date.");
    await page.getByRole("button", { name: "Last 30 days" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByTestId("chats-by-month")).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("Personal data needs an email or a phone before it searches", async ({ page }) => {
    await page.goto("/");
    await signInThroughApi(page);
    await page.goto("/admin/people");
    const searched = apiCalls(page, "GET", "/api/admin/people");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expectRefused(page.getByLabel("Email address"), "Enter an email address or a phone number");
    await page.getByLabel("Phone number").fill("12");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expectRefused(
      page.getByLabel("Phone number"),
      "Enter the phone number with its country code, digits only (e.g. 250788123456)",
    );
    expect(searched).toEqual([]);
    await page.getByLabel("Phone number").fill("");
    await page.getByLabel("Email address").fill(`nobody${Date.now()}@example.rw`);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.getByText("Nothing is held under this email or phone.")).toBeVisible();
    expect(searched).toHaveLength(1);
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "false");
  });

  test("Renewals opens on those waiting for staff, and filters by state", async ({ page }) => {
    await page.goto("/");
    await signInThroughApi(page);
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Renewals" }).click();
    await expect(page.getByRole("heading", { name: "Renewals", level: 1 })).toBeVisible();
    const filters = page.getByRole("group", { name: "Show renewals" });
    await expect(filters.getByRole("button", { name: /^Needs attention/ })).toHaveAttribute("aria-pressed", "true");
    await filters.getByRole("button", { name: /^Renewed/ }).click();
    await expect(page).toHaveURL(/\/admin\/renewals\?status=completed$/);
    await expect(filters.getByRole("button", { name: /^Renewed/ })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("renewals-table").or(page.getByText("No renewal here."))).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe("staff forms", () => {
  // The taken username is refused with 409, which Chrome logs.
  test.use({ allowedConsoleErrors: [[/status of 401/, /status of 409/], { scope: "test" }] });

  test("staff forms refuse what the contract refuses before sending, and show the server's refusal under its field", async ({
    page,
  }) => {
    await page.goto("/");
    await signInThroughApi(page);
    await page.goto("/admin/staff");
    const created = apiCalls(page, "POST", "/api/admin/users");
    await page.getByRole("button", { name: "Add staff member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a staff member" });
    await dialog.getByRole("button", { name: "Create account" }).click();
    await expectRefused(dialog.getByLabel("Full name"), "Name must be at least 2 characters");
    await expectRefused(
      dialog.getByLabel("Username"),
      "Username must be 3-40 letters, digits, dots, dashes or underscores",
    );
    await expectRefused(dialog.getByLabel("Initial password"), "Password must be at least 12 characters");
    await expect(dialog.getByLabel("Full name")).toBeFocused();
    expect(created).toEqual([]);
    // The username is taken: only the server knows, and says so under the field.
    await dialog.getByLabel("Full name").fill("Another Admin");
    await dialog.getByLabel("Username").fill(ADMIN.username);
    await dialog.getByLabel("Initial password").fill("a-long-enough-password");
    await dialog.getByRole("button", { name: "Create account" }).click();
    await expectRefused(dialog.getByLabel("Username"), `The username ${ADMIN.username} is already taken.`);
    expect(created.length).toBeGreaterThan(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const changed = apiCalls(page, "POST", "/api/admin/me/password");
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Change password" }).click();
    const password = page.getByRole("dialog", { name: "Change your password" });
    await password.getByLabel("Current password").fill(ADMIN.password);
    await password.getByLabel("New password", { exact: true }).fill("a-new-long-password");
    await password.getByLabel("Repeat the new password").fill("another-long-password");
    await password.getByRole("button", { name: "Change password" }).click();
    await expectRefused(password.getByLabel("Repeat the new password"), "The two passwords do not match");
    expect(changed).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe("enquiries inbox", () => {
  test("searches, changes the status, adds a note, filters and exports CSV", async ({ page }) => {
    const token = `inbox${Date.now()}`;
    const email = `${token}@example.rw`;
    await page.goto("/");
    await createEnquiry(page, {
      firstName: "Aline",
      lastName: "Uwase",
      email,
      message: "We would like a quote for a booking system.\nTwo clinics, one in Kigali.",
    });
    await signInThroughApi(page);

    await test.step("search goes into the address and finds the enquiry", async () => {
      await page.goto("/admin/enquiries");
      await page.getByRole("searchbox", { name: "Search enquiries" }).fill(token);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
      const rows = page.getByTestId("enquiry-row");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(email);
      await expect(rows.first()).toContainText("New");
      await rows.first().getByRole("link").click();
    });

    await test.step("status change is saved and shows in the history", async () => {
      await expect(page).toHaveURL(/\/admin\/enquiries\/[0-9a-f-]+$/);
      await expect(page.getByTestId("enquiry-message")).toHaveText(
        "We would like a quote for a booking system.\nTwo clinics, one in Kigali.",
      );
      await expect(page.getByTestId("enquiry-email")).toHaveAttribute("href", `mailto:${email}`);
      const saved = page.waitForResponse(
        (r) => r.request().method() === "PATCH" && r.url().includes("/api/admin/enquiries/"),
      );
      await page.getByLabel("Status").selectOption("contacted");
      expect((await saved).status()).toBe(200);
      await expect(toasts(page).getByText("Status changed to Contacted")).toBeVisible();
      await expect(page.getByTestId("enquiry-history")).toContainText("New → Contacted");
    });

    await test.step("a note is added", async () => {
      await page.getByLabel("New note").fill("Called Aline.\nDemo on Friday.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(toasts(page).getByText("Note added")).toBeVisible();
      await expect(page.getByTestId("enquiry-notes")).toContainText("Called Aline.");
      await expect(page.getByLabel("New note")).toHaveValue("");
      await page.reload();
      await expect(page.getByTestId("enquiry-notes")).toContainText("Demo on Friday.");
    });

    await test.step("back in the inbox the filters keep it, by status", async () => {
      await page.getByRole("link", { name: "All enquiries" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/enquiries\\?q=${token}$`));
      await page.getByLabel("Status").selectOption("contacted");
      await expect(page).toHaveURL(/status=contacted/);
      await expect(page.getByTestId("enquiry-row")).toHaveCount(1);
      await page.getByLabel("Status").selectOption("won");
      await expect(page.getByText("No enquiries match these filters")).toBeVisible();
      await page.getByLabel("Status").selectOption("contacted");
      await expect(page.getByTestId("enquiry-row")).toHaveCount(1);
    });

    await test.step("CSV export downloads the filtered enquiries", async () => {
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const csv = await readFile((await file.path())!, "utf8");
      expect(csv).toContain(email);
      expect(csv.trim().split(/\r?\n/).length).toBeGreaterThanOrEqual(2);
    });

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("shows a visitor's script as text and never runs it", async ({ page }) => {
    const payload = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;
    const email = `xss${Date.now()}@example.rw`;
    await page.goto("/");
    await createEnquiry(page, { firstName: "<b>Eve</b>", lastName: "Hacker", email, message: payload });
    await signInThroughApi(page);
    const id = await findEnquiryId(page, email);

    await page.goto(`/admin/enquiries?q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("enquiry-row").first()).toContainText("<b>Eve</b>");
    await page.goto(`/admin/enquiries/${id}`);
    await expect(page.getByTestId("enquiry-message")).toHaveText(payload);
    await expect(page.getByTestId("enquiry-name")).toHaveText("<b>Eve</b> Hacker");
    await expect(page.locator("main img[src='x']")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
