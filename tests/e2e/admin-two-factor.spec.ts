import { TOTP, URI } from "otpauth";
import { expect, fillSignIn, testWithOwnServer as test } from "./fixtures.ts";
import { baseEnv } from "./site-server.ts";

/**
 * An admin's first sign-in where two-factor sign-in is required (REQUIRE_ADMIN_TOTP, on in every
 * real deployment): the setup screen, then a sign-in with the password and a code from the app.
 * Each test has a server of its own: enrolling the first admin and a wrong code (which counts
 * toward the per-address lockout) cannot be undone, and repeated runs must not meet them.
 */
test.use({ serverEnv: { REQUIRE_ADMIN_TOTP: "true" } });

// Without a session GET /api/admin/verify answers 401 by contract, and so does a wrong code;
// Chrome logs every 4xx. (An array option is written as [value, options].)
test.use({ allowedConsoleErrors: [[/status of 401/], { scope: "test" }] });

const ADMIN = { username: baseEnv.ADMIN_USERNAME, password: baseEnv.ADMIN_PASSWORD };
const STEP_MS = 30_000;

/** The app's code for the time step `steps` away from now, computed the moment it is typed. */
const codeFor = (totp: TOTP, steps = 0) => totp.generate({ timestamp: Date.now() + steps * STEP_MS });

test("an admin must set up two-factor sign-in, then signs in with a fresh code and not with a wrong one", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await fillSignIn(page, ADMIN);

  // The password alone reaches only the setup screen.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin navigation" })).toHaveCount(0);
  await page.getByRole("button", { name: "Start setup" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const uri = (await page.getByText(/^otpauth:\/\/totp\//).textContent())!.trim();
  // What an authenticator app reads from the link: this account, the secret shown beside it.
  const totp = URI.parse(uri);
  if (!(totp instanceof TOTP)) throw new Error(`not a TOTP setup link: ${uri}`);
  expect(totp).toMatchObject({ label: ADMIN.username, digits: 6, period: 30 });
  expect(totp.secret.base32).toBe(secret);

  const setupCode = page.getByLabel("6-digit code from the app");
  await setupCode.fill(codeFor(totp));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const recoveryCodes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(recoveryCodes).toHaveCount(10);
  await expect(recoveryCodes.first()).toHaveText(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  await page.getByRole("button", { name: "I have saved them" }).click();

  // Enrolled, the same session reaches the dashboard and the admin's own sections.
  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  await expect(nav.getByRole("link", { name: "Staff" })).toBeVisible();
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The password now leads to the second step.
  await fillSignIn(page, ADMIN);
  const codeField = page.getByLabel("Verification code");
  await expect(codeField).toBeVisible();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();

  // A code valid in no step the server could accept (it allows one step either side) is refused.
  const acceptable = new Set([-2, -1, 0, 1, 2].map((steps) => codeFor(totp, steps)));
  const wrong = ["000000", "111111", "222222", "333333", "444444", "555555"].find((code) => !acceptable.has(code))!;
  await codeField.fill(wrong);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("This code is not valid or has already been used.");
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The enrolment used this step's code and a code is never accepted twice: the app's next one is
  // fresh, and the server accepts it from now until a step after it, whenever the click lands.
  await codeField.fill(codeFor(totp, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(nav.getByRole("link", { name: "Staff" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toHaveCount(0);
});
