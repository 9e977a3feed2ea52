import { expect, seriousAxeViolations, test, waitForHydration } from "./fixtures.ts";

const SERVER_PASSWORD = "Rwanda-Server-Pass-2026";

test.describe("VPS hosting", () => {
  test("configure, pay in test mode, staff fulfil it, and the customer sees the server once", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/vps-hosting");
    await expect(
      page.getByRole("heading", { level: 1, name: "Your own server, close to your customers" }),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Compare plans" })).toBeVisible();

    // Live price: Standard for 12 months in RWF is 15,000 × 12 less 15%.
    const total = page.getByTestId("vps-total");
    await expect(total).toHaveText("RWF 153,000");
    await page.getByText("3 months").click();
    await expect(total).toHaveText("RWF 42,800");
    await page.getByText("Daily backups", { exact: true }).click();
    // (15,000 + 2,000) × 3 = 51,000, less 5% = 48,450 → RWF 48,500.
    await expect(total).toHaveText("RWF 48,500");
    await expect(page.getByTestId("vps-summary").getByText("5% discount for 3 months")).toBeVisible();
    await page.getByRole("radio", { name: "USD" }).click();
    await expect(total).toHaveText("USD 37.05");
    // The plan comparison follows the same currency switch.
    const comparison = page.getByRole("table", { name: "Compare plans" });
    await page.getByRole("radio", { name: "KES" }).click();
    await expect(comparison.getByRole("row").nth(1)).toContainText("KES");
    await expect(comparison).not.toContainText("RWF");
    await page.getByRole("radio", { name: "RWF" }).click();
    await expect(comparison.getByRole("row").nth(1)).toContainText("RWF");
    await page.getByText("Nairobi", { exact: true }).click();
    await page.getByText("Debian", { exact: true }).click();

    await page.getByRole("button", { name: "Continue to order" }).click();
    await page.getByLabel("Server name (host name)").fill("shop_1");
    await page.getByRole("radio", { name: "Send me a password" }).check();
    await page.getByLabel("Full name").fill("Aline Uwase");
    await page.getByLabel("Email").fill("aline@example.rw");
    // The same phone field as /payment: the national number, the country's code shown beside it.
    const phone = page.getByLabel("Mobile-money number");
    await expect(page.getByText("+250", { exact: true })).toBeVisible();
    await page.getByLabel("Pay in", { exact: true }).selectOption("KES");
    await expect(page.getByText("+254", { exact: true })).toBeVisible();
    await page.getByLabel("Pay in", { exact: true }).selectOption("RWF");
    await phone.fill("0783 456 78");
    await page.getByRole("button", { name: "Pay RWF 48,500 by mobile money" }).click();
    await expect(page.getByText(/Use letters, digits and hyphens/)).toBeVisible();
    await page.getByLabel("Server name (host name)").fill("shop-1");
    await page.getByRole("button", { name: "Pay RWF 48,500 by mobile money" }).click();
    await expect(page.getByText("Phone number must be at least 9 digits")).toBeVisible();
    await phone.fill("0783 456 789");

    // The order link (also emailed): read from the answer before the browser leaves for the payment page.
    let orderUrl = "";
    await page.route("**/api/vps/orders", async (route) => {
      const response = await route.fetch();
      orderUrl = ((await response.json()) as { orderUrl: string }).orderUrl;
      await route.fulfill({ response });
    });
    await page.getByRole("button", { name: "Pay RWF 48,500 by mobile money" }).click();
    await expect(page.getByText("TEST MODE").first()).toBeVisible();
    await page.getByRole("button", { name: "Approve payment" }).click();
    // Back from paying, on the order's own page: the payment, what happens next and when.
    await page.waitForURL((url) => url.pathname === orderUrl && url.searchParams.has("payment"));
    await expect(page.getByTestId("returned-payment")).toContainText("Payment received: 48,500 RWF with MTN MoMo");
    await expect(page.getByTestId("vps-order-status")).toHaveText("Paid: we will set up your server shortly");
    await expect(page.getByText(/sets up your server within 4 working hours/)).toBeVisible();
    await expect(page.getByTestId("order-payments").getByRole("link", { name: "Receipt" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Staff fulfil it while the customer is away: an open order page polls, and its poll would be
    // the one view of the password (shown there), leaving "shown once already" for the visit below.
    const orderPage = page.url();
    await page.goto("about:blank");
    const staff = await browser.newPage({ baseURL });
    await staff.goto("/admin/login");
    await staff.getByLabel("Username").fill("admin");
    await staff.getByLabel("Password", { exact: true }).fill("e2e-admin-password-1");
    await staff.getByRole("button", { name: "Sign In" }).click();
    await staff.waitForURL(/\/admin$/);
    await staff.goto("/admin/vps?status=paid");
    await staff.getByRole("link", { name: /^VPS-/ }).first().click();
    await expect(staff.getByText("shop-1 · Standard")).toBeVisible();
    await staff.getByRole("button", { name: "Start provisioning" }).click();
    await staff.getByRole("button", { name: "Confirm: Start provisioning" }).click();
    await expect(staff.getByTestId("vps-status").first()).toHaveText("Provisioning");
    await staff.getByRole("button", { name: "Mark active" }).click();
    // An address the transition contract refuses is refused under its field before anything is sent.
    const transitions: string[] = [];
    staff.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/transition")) transitions.push(request.url());
    });
    await staff.getByLabel("IP address").fill("196.12.1");
    await staff.getByLabel("Username").fill("root");
    await staff.getByLabel("Password").fill(SERVER_PASSWORD);
    await staff.getByRole("button", { name: "Confirm: Mark active" }).click();
    await expect(staff.getByLabel("IP address")).toHaveAttribute("aria-invalid", "true");
    await expect(staff.getByLabel("IP address")).toHaveAccessibleDescription("Enter the server's public IPv4 address");
    expect(transitions).toEqual([]);
    await staff.getByLabel("IP address").fill("196.12.1.10");
    await staff.getByRole("button", { name: "Confirm: Mark active" }).click();
    await expect(staff.getByTestId("vps-status").first()).toHaveText("Active");
    await expect(staff.getByText(/Password stored encrypted; the customer has not opened it yet/)).toBeVisible();
    expect(transitions).toHaveLength(1);

    // A price the contract refuses is refused under its box, and nothing is sent.
    await staff.goto("/admin/vps?tab=prices");
    const standard = staff.getByRole("row", { name: /^Standard Plan/ });
    const rwf = standard.getByLabel("Standard RWF");
    await rwf.fill("15000.5");
    const priceWrites: string[] = [];
    staff.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes("/api/admin/vps/prices/"))
        priceWrites.push(request.url());
    });
    await standard.getByRole("button", { name: "Save" }).click();
    await expect(rwf).toHaveAttribute("aria-invalid", "true");
    await expect(rwf).toHaveAccessibleDescription(
      "Enter a whole amount of at least 1 (in USD at least 0.01, with at most two decimals)",
    );
    expect(priceWrites).toEqual([]);
    await staff.close();

    await page.goto(orderPage);
    await expect(page.getByTestId("vps-order-status")).toHaveText("Your server is running");
    const server = page.getByTestId("vps-server");
    await expect(server.getByLabel("IP address")).toHaveText("196.12.1.10");
    await expect(server.getByLabel("Password")).toHaveText(SERVER_PASSWORD);
    await page.reload();
    await expect(page.getByTestId("vps-server").getByText(/shown once already/)).toBeVisible();
    await expect(page.getByText(SERVER_PASSWORD)).toHaveCount(0);
  });

  test("the currency and access choices are radio groups the arrow keys move through", async ({ page }) => {
    await page.goto("/vps-hosting");
    await waitForHydration(page);
    const currencies = page.getByRole("radiogroup", { name: "Show prices in" });
    const total = page.getByTestId("vps-total");
    await currencies.getByRole("radio", { name: "RWF" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(currencies.getByRole("radio", { name: "UGX" })).toBeFocused();
    await expect(currencies.getByRole("radio", { name: "UGX" })).toBeChecked();
    await expect(total).toContainText("UGX");
    // The arrows go round: left from the first is the last.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(currencies.getByRole("radio", { name: "USD" })).toBeChecked();
    await expect(total).toHaveText(/^USD\s/);

    await page.getByRole("button", { name: "Continue to order" }).click();
    const access = page.getByRole("radiogroup", { name: "How will you log in?" });
    await expect(access.getByRole("radio", { name: "With my SSH key" })).toBeChecked();
    await access.getByRole("radio", { name: "With my SSH key" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(access.getByRole("radio", { name: "Send me a password" })).toBeChecked();
    // The key's field goes with the key.
    await expect(page.getByLabel("SSH public key")).toBeHidden();
  });

  test("the configurator and its order form have no serious accessibility problems", async ({ page }) => {
    await page.goto("/vps-hosting");
    await page.getByRole("button", { name: "Continue to order" }).click();
    await expect(page.getByLabel("Server name (host name)")).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
