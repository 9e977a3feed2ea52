import { expect, seriousAxeViolations, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

test.describe("mobile-money payment in test mode", () => {
  test("shows the spec's form and its validation messages", async ({ page }) => {
    await page.goto("/payment/");
    await expect(page.getByRole("heading", { level: 1, name: "Pay with mobile money" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Rwanda/ })).toBeChecked();
    await expect(page.getByText("We currently support Rwanda, Uganda and Kenya.")).toBeVisible();
    await expect(page.getByText("Safe & secure mobile money payments").first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const submit = page.getByRole("button", { name: "Pay Now" });
    await submit.click();
    await expect(page.getByText("Phone number must be at least 9 digits")).toBeVisible();
    await expect(page.getByText("Amount is required")).toBeVisible();
    await page.getByLabel("Amount (RWF)").fill("4");
    await page.getByLabel("Description (optional)").fill("Inv #1");
    await submit.click();
    await expect(page.getByText("Amount must be at least 5 RWF")).toBeVisible();
    await expect(page.getByText("Description can only contain letters, numbers and spaces")).toBeVisible();
    await page.getByLabel("Description (optional)").fill("x".repeat(30));
    await expect(page.getByLabel("Description (optional)")).toHaveValue("x".repeat(22));
    await expect(page.getByText("22/22")).toBeVisible();
    await page.locator("label").filter({ hasText: "Kenya" }).click();
    await expect(page.getByLabel("Amount (KES)")).toBeVisible();
    await expect(page.getByText("+254", { exact: true })).toBeVisible();
    // The number is checked against the chosen country before anything is sent (the rule of every checkout).
    await page.getByLabel("Amount (KES)").fill("5000");
    await page.getByLabel("Phone number").fill("+250 783 456 789");
    await submit.click();
    await expect(page.getByText("Phone number must start with the country code of the selected country")).toBeVisible();
    await expect(page.getByLabel("Phone number")).toBeFocused();
    await page.getByLabel("Phone number").fill("7123456789");
    await submit.click();
    await expect(page.getByText("Phone number must be 9 digits without the country code")).toBeVisible();
    await expect(page).toHaveURL(/\/payment\/?$/);
  });

  async function startPayment(page: Page, phone: string) {
    await page.goto("/payment");
    await page.getByLabel("Phone number").fill(phone);
    await page.getByLabel("Amount (RWF)").fill("5000");
    await page.getByLabel("Description (optional)").fill("Web hosting");
    await page.getByRole("button", { name: "Pay Now" }).click();
    await page.waitForURL(/\/test-payments\//);
    await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
    await expect(page.getByText("5000 RWF")).toBeVisible();
  }

  test("success: approve on the TEST MODE page and land on the printable receipt", async ({ page }) => {
    await startPayment(page, "0783 456 789");
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL((url) => url.pathname === "/payment/receipt" && url.search.includes("transactionId="));
    const receipt = page.getByTestId("payment-receipt");
    await expect(receipt.getByRole("heading", { name: "Payment receipt" })).toBeVisible();
    await expect(receipt.getByText("5,000 RWF")).toBeVisible();
    // The wallet as customers know it, not pawaPay's code.
    await expect(receipt.getByText("MTN MoMo", { exact: true })).toBeVisible();
    await expect(receipt.getByText("MTN_MOMO_RWA")).toHaveCount(0);
    await expect(receipt.getByText("Web hosting")).toBeVisible();
    await expect(receipt.getByTestId("payment-status")).toHaveText("Payment Successful");
    await expect(receipt.getByText(/^TEST\d+$/)).toBeVisible();
    await expect(receipt.getByText("TEST MODE: no real money moved")).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ format: "A4" });
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBe(1);
  });

  test("decline: the failure comes back with its reason", async ({ page }) => {
    await startPayment(page, "783456789");
    await page.getByRole("button", { name: "Decline payment" }).click();
    await page.waitForURL((url) => url.pathname === "/payment" && !url.search.includes("paymentResult"));
    const card = page.getByTestId("payment-result");
    await expect(card.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
    await expect(card.getByText("The payment was not approved on the phone.")).toBeVisible();
    await card.getByRole("link", { name: "View details" }).click();
    await expect(page).toHaveURL(/\/payment\/payment-failed\?transactionId=/);
    await expect(page.getByRole("heading", { level: 1, name: "Payment failed" })).toBeVisible({ timeout: 10_000 });
    await expect(
      page.getByTestId("payment-failed").getByText("The payment was not approved on the phone."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/payment$/);
  });

  test("timeout: an abandoned page ends as timed out", async ({ page }) => {
    await startPayment(page, "783456789");
    await page.getByRole("button", { name: "Let it time out" }).click();
    await page.waitForURL((url) => url.pathname === "/payment" && !url.search.includes("paymentResult"));
    const card = page.getByTestId("payment-result");
    await expect(card.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
    await expect(card.getByText("TIMEOUT")).toBeVisible();
    await card.getByRole("button", { name: "Dismiss" }).click();
    await expect(card).toHaveCount(0);
  });

  test("ignores a malformed paymentResult", async ({ page }) => {
    await page.goto("/payment?paymentResult=%7Bnot-json");
    await expect(page.getByRole("button", { name: "Pay Now" })).toBeEnabled();
    await expect(page.getByTestId("payment-result")).toHaveCount(0);
  });
});
