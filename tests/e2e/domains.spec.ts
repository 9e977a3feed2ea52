import type { DnsDouble } from "../doubles/dns-server.ts";
import type { RdapDouble } from "../doubles/rdap-server.ts";
import { whoisReplies, type WhoisDouble } from "../doubles/whois-server.ts";
import { expect, seriousAxeViolations, test } from "./fixtures.ts";
import { startRegistryDoubles, type RegistryDoubles } from "./registry-doubles.ts";

// The server under test reads the registries at loopback ports next to its own (playwright.config.ts).
const PORT = Number(process.env.E2E_PORT ?? 4173);
test.describe.configure({ mode: "serial" });

let doubles: RegistryDoubles;
let rdap: RdapDouble;
let dns: DnsDouble;
let whois: WhoisDouble;

test.beforeAll(async () => {
  // Another spec may hold the doubles' ports: wait for it.
  test.setTimeout(180_000);
  doubles = await startRegistryDoubles(PORT);
  ({ rdap, dns, whois } = doubles);
  dns.names["kigalitech.com"] = "ns";
  rdap.names["kigalitech.com"] = { kind: "registered" };
  rdap.names["kigalitech.ke"] = { kind: "status", status: 503 };
  whois.names["kigalitech.co.ug"] = { kind: "reply", text: whoisReplies.ugFound("kigalitech.co.ug") };
});

test.afterAll(async () => {
  await doubles?.close();
});

test("search shows every TLD with an honest state and both prices, then details for a free and a taken name", async ({ page }) => {
  await page.goto("/domains");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByLabel("Domain name").fill("kigalitech");
  const rows = page.getByTestId("domain-row");
  await expect(page.locator('[data-testid="domain-row"][data-name="kigalitech.rw"]')).toHaveAttribute("data-state", "available");
  await expect(page.locator('[data-name="kigalitech.com"]').first()).toHaveAttribute("data-state", "registered");
  await expect(page.locator('[data-name="kigalitech.ke"]')).toHaveAttribute("data-state", "unknown");
  await expect(page.locator('[data-name="kigalitech.ke"]')).toContainText("The registry answered with an error.");
  await expect(page.locator('[data-name="kigalitech.co.ug"]')).toHaveAttribute("data-state", "registered");
  await expect(page.locator('[data-name="kigalitech.ug"]')).toHaveAttribute("data-state", "available");
  expect(await rows.count()).toBeGreaterThanOrEqual(13);
  await expect(page.getByRole("heading", { name: "Other ideas" })).toBeVisible();
  await expect(page.locator('[data-name="kigalitech.tech"]')).toContainText("RWF 11,600 first year");
  await expect(page.locator('[data-name="kigalitech.tech"]')).toContainText("renews at RWF 65,300/yr");
  await page.getByLabel("Currency").selectOption("USD");
  await expect(page.locator('[data-name="kigalitech.tech"]')).toContainText("$8.00 first year");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await expect(page.getByRole("link", { name: "Register kigalitech.rw" })).toHaveAttribute("href", "/domains/order/kigalitech.rw");
  await page.getByRole("link", { name: "Details for kigalitech.rw" }).click();
  await expect(page).toHaveURL(/\/domain-details\/kigalitech\.rw$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("kigalitech.rw is available");
  await expect(page.getByTestId("price-row")).toHaveCount(10);
  await expect(page.getByTestId("price-row").nth(2)).toContainText("$42.00");
  // The search stayed in the address: back brings the results back.
  await page.goBack();
  await expect(page).toHaveURL(/\/domains\?q=kigalitech$/);
  await expect(page.getByLabel("Domain name")).toHaveValue("kigalitech");

  await page.goto("/domain-details/kigalitech.com");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("kigalitech.com is taken");
  await expect(page.getByText("Example Registrar Ltd")).toBeVisible();
  await expect(page.getByText("ns1.example-dns.net")).toBeVisible();
  await expect(page.getByText("Locked against transfer to another registrar")).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The searched names went to the registries' doubles only.
  expect(rdap.requests).toContain("/ricta/domain/kigalitech.rw");
});

test("a name that breaks the rules says which rule, without asking any registry", async ({ page }) => {
  const before = rdap.requests.length;
  await page.goto("/domains");
  await page.getByLabel("Domain name").fill("kigali_tech");
  await expect(page.getByRole("alert")).toHaveText("Use letters, digits and hyphens only.");
  await page.goto("/domain-details/café.rw");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(".rw names can only use the letters a-z, digits and hyphens.");
  expect(rdap.requests.length).toBe(before);
});
