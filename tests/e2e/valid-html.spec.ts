import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { company } from "#content/company.ts";
import { startSingleSite } from "../doubles/sample-sites.ts";
import { expect, test, testWithOwnServer, waitForHydration } from "./fixtures.ts";
import { postEnquiry, signInLink, testWithMailbox } from "./mailbox.ts";
import { baseEnv } from "./site-server.ts";

/**
 * Every prerendered page is valid HTML: no error from
 * html-validate's recommended rules (.htmlvalidate.json turns off only the pure style rules:
 * attribute case, boolean and empty attribute style, void element style; ids are checked as HTML5 defines them).
 * So is what the browser shows once a screen has hydrated and the visitor has used it.
 */
const validator = new HtmlValidate(new FileSystemConfigLoader());
const BUILD = path.resolve("build/client");

async function problems(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, path.join(process.cwd(), `${name}.html`));
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${name}: ${m.ruleId} ${m.message} (${m.selector ?? `line ${m.line}`})`),
  );
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
}

test("every prerendered page, the 404 pages and the app shell are valid HTML", async () => {
  const files = htmlFiles(BUILD);
  // Nine content pages, the four tools, /payment and the 404 page in four languages, the SPA fallback,
  // and its copy for each of the 26 client-rendered screens (scripts/screen-shells.mjs).
  expect(files.length).toBeGreaterThanOrEqual(87);
  const found: string[] = [];
  for (const file of files) found.push(...(await problems(readFileSync(file, "utf8"), path.relative(BUILD, file))));
  expect(found).toEqual([]);
});

/** The document as the browser holds it now, after React has rendered what the visitor asked for. */
async function screenProblems(page: Page, name: string): Promise<string[]> {
  const html = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);
  return problems(html, name);
}

test.describe("client-rendered screens are valid HTML", () => {
  test("/payment: empty, with the form's errors, then filled in for Kenya", async ({ page }) => {
    await page.goto("/payment");
    await waitForHydration(page);
    const found = await screenProblems(page, "payment");
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByText("Amount is required")).toBeVisible();
    found.push(...(await screenProblems(page, "payment with errors")));
    await page.locator("label").filter({ hasText: "Kenya" }).click();
    await page.getByLabel("Amount (KES)").fill("5000");
    await page.getByLabel("Phone number").fill("712345678");
    await page.getByLabel("Description (optional)").fill("Web hosting");
    await expect(page.getByText("11/22")).toBeVisible();
    found.push(...(await screenProblems(page, "payment filled in")));
    expect(found).toEqual([]);
  });

  test("/domains with the results of a search", async ({ page }) => {
    await page.goto("/domains");
    await waitForHydration(page);
    await page.getByLabel("Domain name").fill("validhtml");
    const rows = page.getByTestId("domain-row");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(13);
    await expect(page.locator('[data-testid="domain-row"][data-state="checking"]')).toHaveCount(0);
    expect(await screenProblems(page, "domains results")).toEqual([]);
  });

  test("/vps-hosting and its order form", async ({ page }) => {
    await page.goto("/vps-hosting");
    await waitForHydration(page);
    await page.getByRole("radio", { name: "KES" }).click();
    const found = await screenProblems(page, "vps-hosting");
    await page.getByRole("button", { name: "Continue to order" }).click();
    await expect(page.getByLabel("Server name (host name)")).toBeVisible();
    found.push(...(await screenProblems(page, "vps-hosting order form")));
    expect(found).toEqual([]);
  });

  test("/domain-details and /domains/order for a free name, the order with its errors", async ({ page, registry }) => {
    // A taken name, as the registry doubles answer for it (see domains.spec.ts).
    registry.dns.names["validhtml.com"] = "ns";
    registry.rdap.names["validhtml.com"] = { kind: "registered" };
    await page.goto("/domain-details/validhtml.rw");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("validhtml.rw is available");
    await expect(page.getByTestId("price-row").first()).toBeVisible();
    const found = await screenProblems(page, "domain details");
    await page.goto("/domain-details/validhtml.com");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("validhtml.com is taken");
    await expect(page.getByText("Example Registrar Ltd")).toBeVisible();
    found.push(...(await screenProblems(page, "domain details taken")));

    await page.goto("/domains/order/validhtml.rw");
    await waitForHydration(page);
    await expect(page.getByTestId("domain-order-summary")).toBeVisible();
    found.push(...(await screenProblems(page, "domain order")));
    await page.getByRole("radio", { name: /own nameservers/i }).check();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByTestId("domain-order-summary").getByRole("alert")).toBeVisible();
    found.push(...(await screenProblems(page, "domain order with errors")));
    expect(found).toEqual([]);
  });

  test("/tech-stack-advisor: a question, then the recommended plans", async ({ page }) => {
    await page.goto("/tech-stack-advisor");
    await waitForHydration(page);
    const found = await screenProblems(page, "advisor question");
    const choose = (name: RegExp) =>
      page
        .locator("label")
        .filter({ has: page.getByRole("radio", { name }) })
        .click();
    const next = async (step: number) => {
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect(page.getByText(`Step ${step} of 7`)).toBeVisible();
    };
    await choose(/^Website/);
    await next(2);
    await choose(/^1,000 to 50,000 a month/);
    await next(3);
    await choose(/^Up to /);
    await next(4);
    await choose(/^In one to three months/);
    await next(5);
    await next(6);
    await next(7);
    await choose(/^No preference/);
    await page.getByRole("button", { name: "See my recommendations" }).click();
    await expect(page.getByRole("img", { name: /^Fit score: \d{1,3}\/100$/ }).first()).toBeVisible();
    found.push(...(await screenProblems(page, "advisor results")));
    expect(found).toEqual([]);
  });

  test("/account before sign-in", async ({ page }) => {
    await page.goto("/account");
    await waitForHydration(page);
    await expect(page.getByLabel("Email address")).toBeVisible();
    expect(await screenProblems(page, "account sign-in")).toEqual([]);
  });

  test.describe(() => {
    // Without a session GET /api/admin/verify answers 401 by contract, and Chrome logs every 4xx.
    test.use({ allowedConsoleErrors: [[/status of 401/], { scope: "test" }] });
    test("the admin sign-in screen", async ({ page }) => {
      await page.goto("/admin/login");
      await expect(page.getByLabel("Username")).toBeVisible();
      expect(await screenProblems(page, "admin sign-in")).toEqual([]);
    });
  });
});

const ADMIN = { username: baseEnv.ADMIN_USERNAME, password: baseEnv.ADMIN_PASSWORD };

// On a server of its own: what the screens show depends on the data, which other tests here add to.
testWithOwnServer.describe("admin screens on an empty site", () => {
  // Without a session GET /api/admin/verify answers 401 by contract, and Chrome logs every 4xx.
  testWithOwnServer.use({ allowedConsoleErrors: [[/status of 401/], { scope: "test" }] });
  // One test per screen: each has its own time budget and names its own problems.
  for (const path of [
    "/admin",
    "/admin/enquiries",
    "/admin/projects",
    "/admin/chats",
    "/admin/payments",
    "/admin/domains",
    "/admin/vps",
    "/admin/renewals",
    "/admin/reports",
    "/admin/people",
    "/admin/staff",
    "/admin/audit",
  ]) {
    testWithOwnServer(`${path}, signed in`, async ({ page }) => {
      await page.goto("/admin/login");
      const signIn = await page.request.post("/api/admin/login", {
        data: ADMIN,
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(signIn.status()).toBe(200);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
      expect(await screenProblems(page, path)).toEqual([]);
    });
  }
});

test.describe("screens with data in them are valid HTML", () => {
  // Without a session GET /api/admin/verify answers 401 by contract, and Chrome logs every 4xx.
  test.use({ allowedConsoleErrors: [[/status of 401/], { scope: "test" }] });

  /** Pays on the TEST MODE page the browser is on, and waits to be back where the payment returns. */
  async function approveOnTestPage(page: Page, redirectUrl: string, returnPath: string) {
    await page.goto(redirectUrl);
    await expect(page.getByText("TEST MODE").first()).toBeVisible();
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL((url) => url.pathname === returnPath && url.searchParams.has("payment"));
  }

  test("the payment results, the order pages, the admin records and the reports", async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    const email = `records.${Date.now()}@example.rw`;

    // A payment approved (its receipt) and one declined (its failure page).
    const pay = async () => {
      await page.goto("/payment");
      await waitForHydration(page);
      await page.getByLabel("Phone number").fill("783456789");
      await page.getByLabel("Amount (RWF)").fill("5000");
      await page.getByLabel("Description (optional)").fill("Web hosting");
      await page.getByRole("button", { name: "Pay Now" }).click();
      await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
    };
    await pay();
    await page.getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByTestId("payment-status")).toHaveText("Payment Successful");
    found.push(...(await screenProblems(page, "payment receipt")));
    await pay();
    await page.getByRole("button", { name: "Decline payment" }).click();
    await page.getByTestId("payment-result").getByRole("link", { name: "View details" }).click();
    await expect(
      page.getByTestId("payment-failed").getByText("The payment was not approved on the phone."),
    ).toBeVisible();
    found.push(...(await screenProblems(page, "payment failed")));

    // A server ordered and paid for: its order page.
    const vps = await page.request.post("/api/vps/orders", {
      data: {
        planId: "starter",
        locationId: "kigali",
        imageId: "ubuntu-24.04",
        periodMonths: 3,
        addons: { backups: true, extraIpv4: 1, managedSupport: false },
        currency: "RWF",
        hostname: "valid-html",
        accessMethod: "password",
        name: "Aline Uwase",
        email,
        phoneNumber: "783456789",
      },
    });
    expect(vps.status()).toBe(201);
    const vpsOrder = (await vps.json()) as { redirectUrl: string; orderUrl: string; reference: string };
    await approveOnTestPage(page, vpsOrder.redirectUrl, vpsOrder.orderUrl);
    await expect(page.getByTestId("vps-order-status")).toHaveText("Paid: we will set up your server shortly");
    found.push(...(await screenProblems(page, "vps order")));

    // A domain ordered and paid for, with nameservers of its own: its order page.
    const domain = await page.request.post("/api/domains/orders", {
      data: {
        domain: "valid-html-records.rw",
        years: 2,
        currency: "RWF",
        registrant: {
          name: "Aline Uwase",
          organisation: "Umuganda Coffee Ltd",
          email,
          phoneNumber: "783456789",
          address: "KG 7 Ave 12",
          city: "Kigali",
          country: "RW",
        },
        nameservers: { mode: "custom", hosts: ["ns1.host.example", "ns2.host.example"] },
      },
    });
    expect(domain.status()).toBe(201);
    const domainOrder = (await domain.json()) as { redirectUrl: string; orderUrl: string; reference: string };
    await approveOnTestPage(page, domainOrder.redirectUrl, domainOrder.orderUrl);
    await expect(page.getByTestId("domain-order-status")).toHaveText("Paid: we are registering it");
    found.push(...(await screenProblems(page, "domain order status")));

    // An enquiry, and a saved plan with a consultation asked for.
    await postEnquiry(page.request, email);
    const plan = await page.request.post("/api/projects", {
      data: {
        answers: {
          projectType: "online-shop",
          audience: "medium",
          growth: "fast",
          budget: "medium",
          currency: "RWF",
          timeline: "normal",
          skills: ["typescript"],
          mustHaves: ["mobile-money", "multilingual"],
          hosting: "local-dc",
        },
      },
    });
    expect(plan.status()).toBe(201);
    const { id: planId } = (await plan.json()) as { id: string };
    const consultation = await page.request.post(`/api/projects/${planId}/consultation`, {
      data: { firstName: "Aline", lastName: "Uwase", email, notes: "We launch in Kigali first.\nBudget approved." },
    });
    expect(consultation.status()).toBe(201);

    // Staff open each record, then the reports over all of it.
    await page.goto("/admin/login");
    const signIn = await page.request.post("/api/admin/login", {
      data: ADMIN,
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(signIn.status()).toBe(200);
    const firstId = async (list: string, match: (item: Record<string, unknown>) => boolean) => {
      const answer = await page.request.get(list);
      expect(answer.status()).toBe(200);
      const { items } = (await answer.json()) as { items: Record<string, unknown>[] };
      const item = items.find(match);
      expect(item, `a record in ${list}`).toBeTruthy();
      return String(item!.id);
    };
    // Each record with a part that shows once its data is in.
    const records: [string, string][] = [
      [`/admin/enquiries/${await firstId("/api/admin/enquiries", (e) => e.email === email)}`, "enquiry-message"],
      [`/admin/project/${planId}`, "project-title"],
      [
        `/admin/domains/orders/${await firstId("/api/admin/domains/orders", (o) => o.reference === domainOrder.reference)}`,
        "domain-order-events",
      ],
      [
        `/admin/vps/orders/${await firstId("/api/admin/vps/orders", (o) => o.reference === vpsOrder.reference)}`,
        "vps-history",
      ],
    ];
    for (const [path, shown] of records) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByTestId(shown)).toBeVisible();
      found.push(...(await screenProblems(page, path)));
    }

    await page.goto("/admin/reports");
    await waitForHydration(page);
    await expect(page.getByTestId("payments-by-status").getByRole("listitem").first()).toBeVisible();
    await expect(page.getByTestId("orders-by-kind").getByRole("listitem").first()).toBeVisible();
    await expect(page.getByTestId("enquiries-by-service").getByRole("listitem").first()).toBeVisible();
    found.push(...(await screenProblems(page, "reports")));
    // A range that ends before it starts: the fields say so.
    await page.getByLabel("From", { exact: true }).fill("2026-12-31");
    await page.getByLabel("To", { exact: true }).fill("2026-01-01");
    await expect(page.getByRole("alert")).toBeVisible();
    found.push(...(await screenProblems(page, "reports with a wrong range")));
    expect(found).toEqual([]);
  });

  test("the chat panel, with a conversation and a long message being typed", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: `Open chat with ${company.assistantName}` }).click();
    const panel = page.getByRole("dialog");
    const input = panel.getByRole("textbox", { name: "Message" });
    await input.fill("Do you offer web hosting?");
    await input.press("Enter");
    await expect(panel.getByRole("link", { name: "VPS Hosting" })).toBeVisible();
    await input.fill("We have three servers to move.\nAnd a database.\nAnd the mail.\nAnd the backups.\nBy June.");
    expect(await screenProblems(page, "chat panel")).toEqual([]);
  });
});

/** The analyzer reads loopback sites only in test mode: a second server (see analysis.spec.ts). */
const analysisTest = test.extend({ baseURL: async ({ analysisSite }, use) => use(analysisSite.url) });

analysisTest("/speed-analysis with a finished report", async ({ page }) => {
  const site = await startSingleSite("heavy");
  try {
    await page.goto("/speed-analysis");
    await waitForHydration(page);
    await page.getByLabel("Website address").fill(site.url);
    await page.getByRole("button", { name: "Analyse" }).click();
    await expect(page.getByText("Network score")).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\?report=/);
    expect(await screenProblems(page, "speed analysis report")).toEqual([]);
  } finally {
    await site.close();
  }
});

// The account's sign-in link comes by email: this test's server sends its mail to a loopback SMTP server.
testWithMailbox("/account: the link sent, then signed in with an enquiry", async ({ page, request, smtp }) => {
  const email = `valid.${Date.now()}@example.rw`;
  await postEnquiry(request, email);
  await page.goto("/account");
  await waitForHydration(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("account-sign-in-sent")).toBeVisible();
  const found = await screenProblems(page, "account link sent");

  const link = await signInLink(smtp, email);
  await page.goto(link);
  await expect(page.getByTestId("account-email")).toContainText(email);
  await expect(page.getByTestId("account-overview").getByText("Received")).toBeVisible();
  found.push(...(await screenProblems(page, "account signed in")));
  expect(found).toEqual([]);
});
