import { expect, waitForHydration } from "./fixtures.ts";
import { postEnquiry, signInLink, signInLinksIn, testWithMailbox as test } from "./mailbox.ts";

// Spending a used link is refused with a 400, which Chrome logs for the request.
test.use({ allowedConsoleErrors: [/status of 400/] });

/** The sign-in link in an address's mailbox that also holds other emails (order, payment, receipt). */
async function signInLinkAmong(smtp: Parameters<typeof signInLinksIn>[0], address: string): Promise<string> {
  await expect.poll(() => signInLinksIn(smtp, address).length, { timeout: 15_000 }).toBe(1);
  return signInLinksIn(smtp, address)[0]!;
}

test("a customer signs in with the emailed link and sees their enquiry; the link works once", async ({
  page,
  request,
  smtp,
}) => {
  const email = `aline.${Date.now()}@example.rw`;
  await postEnquiry(request, email, "We need a managed VPS for our booking system.");

  await page.goto("/fr/account");
  await waitForHydration(page);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "M'envoyer un lien de connexion" }).click();
  await expect(page.getByTestId("account-sign-in-sent")).toContainText("lien de connexion est en route");

  const link = await signInLink(smtp, email);
  expect(new URL(link).pathname).toBe("/fr/account");
  await page.goto(link);
  await expect(page.getByTestId("account-email")).toContainText(email);
  // The token leaves the address bar once spent.
  expect(new URL(page.url()).hash).toBe("");
  const overview = page.getByTestId("account-overview");
  await expect(overview.getByRole("heading", { name: "Demandes" })).toBeVisible();
  await expect(overview.getByText("Reçue")).toBeVisible();
  await expect(overview.getByText("Aucun serveur VPS à cette adresse.")).toBeVisible();

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("button", { name: "M'envoyer un lien de connexion" })).toBeVisible();

  // The same link again: refused, and the visitor is asked to request a new one.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("a expiré ou a déjà été utilisé");
});

test("an address that is not one is refused under the field before any request", async ({ page }) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/account/sign-in")) sent.push(request.url());
  });
  await page.goto("/account");
  await waitForHydration(page);
  const field = page.getByLabel("Email address");
  await field.fill("aline@");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  const describedBy = await field.getAttribute("aria-describedby");
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Please enter a valid email address");
  // Corrected, the message goes as the visitor types.
  await field.fill("aline@example.rw");
  await expect(page.getByText("Please enter a valid email address")).toBeHidden();
  expect(sent).toEqual([]);
});

test("a customer renews their server from the account, pays by mobile money, and comes back to it", async ({
  page,
  request,
  smtp,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `renew.${Date.now()}@example.rw`;
  // A server bought, paid on the TEST MODE page, and set up by staff (through the admin API).
  const placed = await request.post("/api/vps/orders", {
    data: {
      planId: "starter",
      locationId: "kigali",
      imageId: "ubuntu-24.04",
      periodMonths: 1,
      addons: { backups: false, extraIpv4: 0, managedSupport: false },
      currency: "RWF",
      hostname: "renew-me",
      accessMethod: "password",
      name: "Aline Uwase",
      email,
      phoneNumber: "250783456789",
    },
  });
  expect(placed.status()).toBe(201);
  const { redirectUrl, reference } = (await placed.json()) as { redirectUrl: string; reference: string };
  expect((await request.post(`${new URL(redirectUrl).pathname}/approve`, { maxRedirects: 0 })).status()).toBe(303);
  const origin = { origin: new URL(baseURL!).origin };
  const login = await request.post("/api/admin/login", {
    headers: origin,
    data: { username: "admin", password: "e2e-admin-password-1" },
  });
  expect(login.status()).toBe(200);
  const list = (await (await request.get("/api/admin/vps/orders?status=paid")).json()) as {
    items: { id: string; reference: string }[];
  };
  const id = list.items.find((o) => o.reference === reference)!.id;
  const move = (data: object) => request.post(`/api/admin/vps/orders/${id}/transition`, { headers: origin, data });
  expect((await move({ to: "provisioning" })).status()).toBe(200);
  const active = await move({
    to: "active",
    server: { ipAddress: "196.12.1.20", username: "root", password: "Rwanda-Server-Pass-2026" },
  });
  expect(active.status()).toBe(200);

  await page.goto("/account");
  await waitForHydration(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.goto(await signInLinkAmong(smtp, email));
  const renewals = page.getByTestId("account-renewals");
  await expect(renewals.getByRole("heading", { name: "What happens at expiry" })).toBeVisible();
  await expect(
    renewals.getByText(/keeps running for 7 days after its expiry date, then it is suspended/),
  ).toBeVisible();
  await expect(renewals.getByText("this many days ahead: 30, 7, 1.", { exact: false })).toBeVisible();
  const row = renewals.getByTestId("renewable").filter({ hasText: "renew-me" });
  await row.getByLabel("Renew for").selectOption("3");
  await row.getByRole("button", { name: "Renew and pay" }).click();
  await expect(page.getByText("TEST MODE").first()).toBeVisible();
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL((url) => url.pathname === "/account" && url.searchParams.has("renewal"));
  await expect(page.getByTestId("renewal-returned")).toContainText(/Renewal REN-[A-Z0-9]{6} is done/);
  await expect(renewals.getByTestId("renewal").first()).toContainText("Renewed");
  await expect(renewals.getByTestId("renewal").first()).toContainText("3 months");
});
