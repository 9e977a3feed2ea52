import type { DnsDouble } from "../doubles/dns-server.ts";
import type { RdapDouble } from "../doubles/rdap-server.ts";
import { whoisReplies, type WhoisDouble } from "../doubles/whois-server.ts";
import { expect, seriousAxeViolations, test } from "./fixtures.ts";

// The worker's server reads these registry doubles (the `registry` fixture).
test.describe.configure({ mode: "serial" });

let rdap: RdapDouble;
let dns: DnsDouble;
let whois: WhoisDouble;

test.beforeAll(async ({ registry }) => {
  ({ rdap, dns, whois } = registry);
  dns.names["kigalitech.com"] = "ns";
  rdap.names["kigalitech.com"] = { kind: "registered" };
  rdap.names["kigalitech.ke"] = { kind: "status", status: 503 };
  whois.names["kigalitech.co.ug"] = { kind: "reply", text: whoisReplies.ugFound("kigalitech.co.ug") };
});

test("search shows every TLD with an honest state and both prices, then details for a free and a taken name", async ({
  page,
}) => {
  await page.goto("/domains");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByLabel("Domain name").fill("kigalitech");
  const rows = page.getByTestId("domain-row");
  await expect(page.locator('[data-testid="domain-row"][data-name="kigalitech.rw"]')).toHaveAttribute(
    "data-state",
    "available",
  );
  await expect(page.locator('[data-name="kigalitech.com"]').first()).toHaveAttribute("data-state", "registered");
  await expect(page.locator('[data-name="kigalitech.ke"]')).toHaveAttribute("data-state", "unknown");
  await expect(page.locator('[data-name="kigalitech.ke"]')).toContainText("The registry answered with an error.");
  await expect(page.locator('[data-name="kigalitech.co.ug"]')).toHaveAttribute("data-state", "registered");
  // Each answer names who gave it: DNS for the delegated name, WHOIS for .co.ug, RDAP elsewhere.
  await expect(page.locator('[data-name="kigalitech.com"]').first()).toContainText(
    "Answer from DNS: the name has nameservers.",
  );
  await expect(page.locator('[data-name="kigalitech.co.ug"]')).toContainText("Answer from the registry (WHOIS).");
  await expect(page.locator('[data-name="kigalitech.rw"]').first()).toContainText("Answer from the registry (RDAP).");
  await expect(page.locator('[data-name="kigalitech.ug"]')).toHaveAttribute("data-state", "available");
  expect(await rows.count()).toBeGreaterThanOrEqual(13);
  await expect(page.getByRole("heading", { name: "Other ideas" })).toBeVisible();
  await expect(page.locator('[data-name="kigalitech.tech"]')).toContainText("RWF 11,600 first year");
  await expect(page.locator('[data-name="kigalitech.tech"]')).toContainText("renews at RWF 65,300/yr");
  await page.getByLabel("Currency").selectOption("USD");
  await expect(page.locator('[data-name="kigalitech.tech"]')).toContainText("$8.00 first year");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await expect(page.getByRole("link", { name: "Register kigalitech.rw" })).toHaveAttribute(
    "href",
    "/domains/order/kigalitech.rw",
  );
  await page.getByRole("link", { name: "Details for kigalitech.rw" }).click();
  await expect(page).toHaveURL(/\/domain-details\/kigalitech\.rw$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("kigalitech.rw is available");
  await expect(page.getByText("Answer from the registry (RDAP).")).toBeVisible();
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

test("when registries cannot be reached, the search says so, offers a retry, and asks our team to check", async ({
  page,
}) => {
  for (const tld of ["rw", "co.rw", "ke", "co.ke", "africa"])
    rdap.names[`outagecheck.${tld}`] = { kind: "status", status: 503 };
  await page.goto("/domains");
  await page.getByLabel("Domain name").fill("outagecheck");
  const summary = page.getByRole("status").filter({ hasText: "No registry answered" });
  await expect(summary).toContainText(/No registry answered for \d+ names/);
  await expect(summary).toContainText("nothing is known about them yet");
  const before = rdap.requests.length;
  await summary.getByRole("button", { name: "Check again" }).click();
  await expect.poll(() => rdap.requests.length).toBeGreaterThan(before);
  await expect(summary).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await summary.getByRole("button", { name: "Ask us to check" }).click();
  // Refused field by field before any request: the lead needs a name and an address to answer.
  const leads: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/contact")) leads.push(request.url());
  });
  await summary.getByLabel("Email").fill("amina@");
  await summary.getByRole("button", { name: "Send the names to our team" }).click();
  await expect(summary.getByLabel("First name")).toBeFocused();
  await expect(summary.getByLabel("First name")).toHaveAccessibleDescription(
    "First name must be at least 2 characters",
  );
  await expect(summary.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");
  expect(leads).toEqual([]);
  await summary.getByLabel("First name").fill("Amina");
  await summary.getByLabel("Last name").fill("Uwase");
  await summary.getByLabel("Email").fill("amina@example.rw");
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/contact"));
  await summary.getByRole("button", { name: "Send the names to our team" }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  const lead = response.request().postDataJSON() as { service: string; message: string };
  expect(lead.service).toBe("domains-digital-assets");
  expect(lead.message).toContain("outagecheck.rw");
  await expect(summary).toContainText("Our team will check these names");
});
