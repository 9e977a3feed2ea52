import { expect, test } from "./fixtures.ts";

/**
 * The admin Payments section against the real API in test mode. One hosted payment is made and
 * approved through the TEST MODE page (the payment endpoint allows 10 per IP in 10 minutes, shared
 * with payment.spec.ts).
 */
const ADMIN = { username: "admin", password: "e2e-admin-password-1" };

test("admins see payments with totals, the event history with raw answers, and can re-check", async ({ page }) => {
  await page.goto("/payment");
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/hosted-payment", {
    data: { phoneNumber: "250783456789", amount: 7000, currency: "RWF", description: "Admin check", country: "RWA" },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { transactionId, redirectUrl } = (await created.json()) as { transactionId: string; redirectUrl: string };
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL((url) => url.pathname === "/payment/receipt");

  const login = await page.request.post("/api/admin/login", { data: ADMIN, headers: { Origin: origin } });
  expect(login.status()).toBe(200);
  await page.goto("/admin/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(
    page.getByText("TEST MODE: payments go to the built-in test provider, no real money moves."),
  ).toBeVisible();
  await expect(page.getByTestId("payment-totals")).toContainText("RWF");

  // A payout the contract refuses is refused under its fields before anything is sent.
  const payouts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/payouts") payouts.push(request.url());
  });
  await page.getByRole("button", { name: "Send payout" }).click();
  const amount = page.getByLabel("Amount", { exact: true });
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription("Amount is required");
  await expect(page.getByLabel("Phone number (with country code)")).toHaveAttribute("aria-invalid", "true");
  expect(payouts).toEqual([]);

  await page.getByLabel("Search by id, provider id, phone or order").fill(transactionId);
  await page.getByLabel("Search by id, provider id, phone or order").press("Enter");
  const rows = page.getByTestId("payment-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("7,000 RWF");
  await expect(rows.first().getByTestId("payment-status")).toHaveText("Payment Successful");

  await rows.first().getByRole("button").click();
  const detail = page.getByTestId("payment-detail");
  await expect(detail.getByTestId("payment-events")).toContainText("callback");
  await detail.getByText("Provider answer").first().click();
  await expect(detail.locator("pre").first()).toBeVisible();
  await detail.getByRole("button", { name: "Re-check status" }).click();
  await expect(page.getByText("Status re-read from the provider").first()).toBeVisible();
});
