import { expect, seriousAxeViolations, test } from "./fixtures.ts";
import type { RegistryDoubles } from "./registry-doubles.ts";

// The worker's server reads these registry doubles (the `registry` fixture).
const NAME = "umuganda-coffee";
test.describe.configure({ mode: "serial" });

let doubles: RegistryDoubles;

test.beforeAll(async ({ registry }) => {
  doubles = registry;
  // Every name is free at the registries unless a test says otherwise; this one has a delegation.
  doubles.dns.names[`${NAME}.com`] = "ns";
  doubles.rdap.names[`${NAME}.com`] = { kind: "registered" };
});

test("search, details, order, pay in test mode, and staff mark the name registered", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.goto("/domains");
  await page.getByLabel("Domain name").fill(NAME);
  await expect(page.locator(`[data-testid="domain-row"][data-name="${NAME}.rw"]`)).toHaveAttribute(
    "data-state",
    "available",
  );
  await expect(page.locator(`[data-testid="domain-row"][data-name="${NAME}.com"]`).first()).toHaveAttribute(
    "data-state",
    "registered",
  );

  await page.getByRole("link", { name: `Details for ${NAME}.rw` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${NAME}.rw is available`);
  await page.getByRole("link", { name: `Register ${NAME}.rw` }).click();
  await expect(page).toHaveURL(new RegExp(`/domains/order/${NAME}\\.rw$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Register ${NAME}.rw`);
  // The form says who said the name is free: the registry itself, not DNS and not a guess.
  await expect(page.getByTestId("domain-source")).toContainText("Available · Checked");
  await expect(page.getByTestId("domain-source")).toContainText("Answer from the registry (RDAP).");

  // Two years: the first at the registration price, the second at the renewal price (RWF 20,300 each).
  await page.getByLabel("Years").selectOption("2");
  await expect(page.getByTestId("domain-order-total")).toHaveText("RWF 40,600");
  const pay = page.getByRole("button", { name: "Pay RWF 40,600 by mobile money" });
  await pay.click();
  await expect(page.getByText("Enter the registrant's full name")).toBeVisible();
  await expect(page.getByLabel("Full name")).toBeFocused();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel("Full name").fill("Aline Uwase");
  await page.getByLabel("Organisation (optional)").fill("Umuganda Coffee Ltd");
  await page.getByLabel("Email", { exact: true }).fill("aline@example.rw");
  // The same phone field as /payment: the national number, the country's code shown beside it.
  await expect(page.getByText("+250", { exact: true })).toBeVisible();
  await page.getByLabel("Mobile-money number").fill("783 456 789");
  await page.getByLabel("Street address").fill("KG 7 Ave 12");
  await page.getByLabel("City").fill("Kigali");
  await expect(page.getByLabel("Country")).toHaveValue("RW");
  await page.getByRole("radio", { name: "Use my own nameservers" }).check();
  await page.getByLabel("Nameserver 1").fill("ns1.host.example");
  await page.getByLabel("Nameserver 2").fill("ns1.host.example");
  await pay.click();
  await expect(page.getByText("Each nameserver can be listed only once")).toBeVisible();
  await page.getByLabel("Nameserver 2").fill("ns2.host.example");

  // The order link (also emailed): read from the answer before the browser leaves for the payment page.
  let orderUrl = "";
  await page.route("**/api/domains/orders", async (route) => {
    const response = await route.fetch();
    orderUrl = ((await response.json()) as { orderUrl: string }).orderUrl;
    await route.fulfill({ response });
  });
  await pay.click();
  await expect(page.getByText("TEST MODE").first()).toBeVisible();
  // The registry was asked once more, directly, before the payment page opened.
  expect(doubles.rdap.requests).toContain(`/ricta/domain/${NAME}.rw`);
  await page.getByRole("button", { name: "Approve payment" }).click();
  // Back from paying, on the order's own page, which shows the payment that just went through.
  expect(orderUrl).toMatch(/^\/domains\/order-status\/[A-Za-z0-9_-]{32}$/);
  await page.waitForURL((url) => url.pathname === orderUrl && url.searchParams.has("payment"));
  await expect(page.getByTestId("returned-payment")).toContainText("Payment received");
  await expect(page.getByTestId("order-payments")).toContainText("MTN MoMo");
  await expect(page.getByTestId("domain-order-status")).toHaveText("Paid: we are registering it");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${NAME}.rw`);
  await expect(page.getByTestId("domain-order-history")).toContainText("Payment received");
  await expect(page.getByText("ns2.host.example")).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Staff register it at the registry and say so.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await staff.goto("/admin/login");
  await staff.getByLabel("Username").fill("admin");
  await staff.getByLabel("Password", { exact: true }).fill("e2e-admin-password-1");
  await staff.getByRole("button", { name: "Sign In" }).click();
  await staff.waitForURL(/\/admin$/);
  await staff.getByRole("link", { name: "Domains", exact: true }).click();
  await staff.getByRole("button", { name: /^To register/ }).click();
  await staff.getByLabel("Search orders").fill(NAME);
  await staff.getByRole("button", { name: "Search", exact: true }).click();
  await staff.getByRole("link", { name: /^DOM-/ }).click();
  await expect(staff.getByText(`${NAME}.rw · 2 years`)).toBeVisible();
  // The check after payment has run: the name was still free.
  await expect(staff.getByText("still available", { exact: false }).first()).toBeVisible();
  await expect(staff.getByTestId("domain-order-events")).toContainText(
    "Checked again after payment: still available (RDAP).",
  );
  await staff.getByRole("button", { name: "Mark registered" }).click();
  expect(await seriousAxeViolations(staff)).toEqual([]);
  // An expiry the transition contract refuses (not after today) is refused under its field, unsent.
  const transitions: string[] = [];
  staff.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/transition")) transitions.push(request.url());
  });
  const expiry = staff.getByLabel("Expiry date (optional)");
  await expiry.fill("2020-01-01");
  await staff.getByRole("button", { name: "Confirm: Mark registered" }).click();
  await expect(expiry).toHaveAttribute("aria-invalid", "true");
  await expect(expiry).toHaveAccessibleDescription("Enter the expiry date as YYYY-MM-DD, after today");
  expect(transitions).toEqual([]);
  await expiry.fill("");
  await staff.getByLabel("Registry reference (optional)").fill("D503300-RW");
  await staff.getByRole("button", { name: "Confirm: Mark registered" }).click();
  await expect(staff.getByTestId("domain-order-state").first()).toHaveText("Registered");
  await expect(staff.getByText("D503300-RW", { exact: true })).toBeVisible();
  await expect(staff.getByText("This order is closed: nothing more can happen to it.")).toBeVisible();

  // Prices are edited per TLD in US dollars; the customer sees the new price at once.
  await staff.goto("/admin/domains?tab=prices");
  const row = staff.locator('[data-testid="tld-price-row"][data-tld="co.rw"]');
  await expect(row).toBeVisible();
  expect(await seriousAxeViolations(staff)).toEqual([]);
  // A price the contract refuses is refused under its field before anything is sent.
  const priceWrites: string[] = [];
  staff.on("request", (request) => {
    if (request.method() === "PUT" && request.url().includes("/api/admin/domains/prices/"))
      priceWrites.push(request.url());
  });
  const register = row.getByLabel(".co.rw Register (USD)");
  await register.fill("12.345");
  await row.getByRole("button", { name: "Save .co.rw" }).click();
  await expect(register).toHaveAttribute("aria-invalid", "true");
  await expect(register).toHaveAccessibleDescription(
    "Enter a price in US dollars, from 0.01 to 10000, with at most two decimals",
  );
  expect(priceWrites).toEqual([]);
  await register.fill("12");
  await row.getByRole("button", { name: "Save .co.rw" }).click();
  await expect(row).toContainText("RWF 17,400");
  await staffContext.close();

  await page.reload();
  await expect(page.getByTestId("domain-order-status")).toHaveText("Registered in your name");
  await expect(page.getByTestId("domain-order-history")).toContainText("Registered in your name");
  await page.goto(`/domain-details/${NAME}.co.rw`);
  await expect(page.getByTestId("price-row").first()).toContainText("RWF 17,400");
});

test("the nameserver choice answers the arrow keys, and a removed nameserver takes its own address away", async ({
  page,
}) => {
  await page.goto(`/domains/order/keyboard-check.rw`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register keyboard-check.rw");
  const ours = page.getByRole("radio", { name: "Use ours (recommended)" });
  await expect(ours).toBeChecked();
  await ours.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Use my own nameservers" })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Nameserver 1" })).toBeVisible();

  await page.getByRole("button", { name: "Add a nameserver" }).click();
  await page.getByRole("textbox", { name: "Nameserver 1" }).fill("ns1.host.example");
  await page.getByRole("textbox", { name: "Nameserver 2" }).fill("ns2.host.example");
  await page.getByRole("textbox", { name: "Nameserver 3" }).fill("ns3.host.example");
  await page.getByRole("button", { name: "Remove nameserver 2" }).click();
  await expect(page.getByRole("textbox", { name: "Nameserver 3" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Nameserver 1" })).toHaveValue("ns1.host.example");
  await expect(page.getByRole("textbox", { name: "Nameserver 2" })).toHaveValue("ns3.host.example");

  // An address that is not a host name is refused under its field before any request.
  const orders: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/domains/orders")) orders.push(request.url());
  });
  await page.getByRole("textbox", { name: "Nameserver 2" }).fill("not a host");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByLabel("Full name")).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Nameserver 2" })).toHaveAttribute("aria-invalid", "true");
  expect(orders).toEqual([]);
});
