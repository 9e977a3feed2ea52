import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vpsAdminMessages, type VpsOrderDetail, type VpsOrderPage } from "#contracts/vps-admin.ts";
import {
  vpsMessages,
  type VpsCatalog,
  type VpsOrderCreated,
  type VpsOrderRequest,
  type VpsOrderView,
} from "#contracts/vps.ts";
import { paymentMessages } from "#contracts/payments.ts";
import { asStaff, createStaffUser, signIn, SITE_ORIGIN } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import { sshKeys } from "../../../tests/fixtures/ssh-keys.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { serverT } from "../../lib/i18n.ts";
import { auditLog } from "../../db/schema.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { vpsOrders } from "./vps-schema.ts";

const order = (changes: Partial<VpsOrderRequest> = {}): VpsOrderRequest => ({
  planId: "standard",
  locationId: "kigali",
  imageId: "ubuntu-24.04",
  periodMonths: 3,
  addons: { backups: true, extraIpv4: 0, managedSupport: false },
  currency: "RWF",
  hostname: "web-1.example.rw",
  accessMethod: "password",
  name: "Aline Uwase",
  email: "aline@example.rw",
  phoneNumber: "250783456789",
  ...changes,
});

const SERVER_PASSWORD = "Correct-Horse-Battery-42";

describe.each(databaseBackends())("VPS orders on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let adminCookie: string;
  let agentCookie: string;
  let ip = 0;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
    const admin = await createStaffUser(database.db, "ops-admin", "admin");
    const agent = await createStaffUser(database.db, "sales-agent", "agent");
    adminCookie = await signIn(app, admin.username, admin.password, "10.4.0.1");
    agentCookie = await signIn(app, agent.username, agent.password, "10.4.0.2");
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const place = (payload: unknown) =>
    app.inject({
      method: "POST",
      url: "/api/vps/orders",
      headers: { host: "shop.example.test" },
      payload: payload as object,
      remoteAddress: `198.51.100.${++ip}`,
    });
  const view = (token: string) =>
    app.inject({ method: "GET", url: `/api/vps/orders/${token}` }).then((r) => r.json<VpsOrderView>());
  const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object, cookie = adminCookie) =>
    app.inject({ method, url, headers: asStaff(cookie), ...(payload ? { payload } : {}) });
  const move = (id: string, body: object) => admin("POST", `/api/admin/vps/orders/${id}/transition`, body);
  const orderId = async (token: string) =>
    (await database.db.select().from(vpsOrders).where(eq(vpsOrders.accessToken, token)))[0]!.id;

  async function payFor(created: VpsOrderCreated, decision: "approve" | "decline" = "approve") {
    const url = new URL(created.redirectUrl);
    const response = await app.inject({
      method: "POST",
      url: `${url.pathname}/${decision}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(response.statusCode).toBe(303);
    return new URL(response.headers.location as string);
  }

  async function paidOrder(changes: Partial<VpsOrderRequest> = {}) {
    const response = await place(order(changes));
    expect(response.statusCode).toBe(201);
    const created = response.json<VpsOrderCreated>();
    await payFor(created);
    return { created, id: await orderId(created.token) };
  }

  it("serves the catalogue", async () => {
    const catalog = (await app.inject({ method: "GET", url: "/api/vps/catalog" })).json<VpsCatalog>();
    expect(catalog.plans.length).toBeGreaterThanOrEqual(4);
    expect(catalog.locations.map((l) => l.city)).toEqual(expect.arrayContaining(["Kigali", "Nairobi", "Kampala"]));
    expect(catalog.periods.map((p) => p.months)).toEqual([1, 3, 6, 12]);
  });

  const refusals: [string, Partial<VpsOrderRequest> | Record<string, unknown>, string, string][] = [
    ["an unknown plan", { planId: "mega-9000" }, "planId", vpsMessages.planUnknown],
    ["an unknown location", { locationId: "lagos" }, "locationId", vpsMessages.locationUnknown],
    ["an unknown image", { imageId: "windows-95" }, "imageId", vpsMessages.imageUnknown],
    ["a period not on offer", { periodMonths: 2 }, "periodMonths", vpsMessages.periodUnknown],
    ["a server name with an underscore", { hostname: "web_1" }, "hostname", vpsMessages.hostnameInvalid],
    ["a server name ending in a hyphen", { hostname: "web-" }, "hostname", vpsMessages.hostnameInvalid],
    ["an empty server name", { hostname: "  " }, "hostname", vpsMessages.hostnameRequired],
    ["a key order without a key", { accessMethod: "ssh_key" }, "sshPublicKey", vpsMessages.sshKeyRequired],
    [
      "an RSA key under 2048 bits",
      { accessMethod: "ssh_key", sshPublicKey: sshKeys.rsab1024 },
      "sshPublicKey",
      vpsMessages.sshKeyRsaWeak,
    ],
    [
      "a private key",
      { accessMethod: "ssh_key", sshPublicKey: `${sshKeys.privateKeyStart}\nAAAA\n-----END OPENSSH PRIVATE KEY-----` },
      "sshPublicKey",
      vpsMessages.sshKeyPrivate,
    ],
    [
      "a damaged key",
      { accessMethod: "ssh_key", sshPublicKey: `ssh-ed25519 ${sshKeys.rsab2048.split(" ")[1]}` },
      "sshPublicKey",
      vpsMessages.sshKeyCorrupt,
    ],
    ["a number from another country", { currency: "KES" }, "phoneNumber", paymentMessages.phonePrefix],
    ["a number with letters", { phoneNumber: "25078345678x" }, "phoneNumber", paymentMessages.phoneInvalid],
    ["a national number too short", { phoneNumber: "78345678" }, "phoneNumber", paymentMessages.phoneMin],
    ["a national number too long", { phoneNumber: "7834567890" }, "phoneNumber", paymentMessages.phoneLength],
    ["no number", { phoneNumber: "" }, "phoneNumber", paymentMessages.phoneMin],
    ["a bad email", { email: "aline@" }, "email", vpsMessages.emailInvalid],
  ];
  it.each(refusals)("refuses %s with 400 naming the field", async (_what, changes, field, message) => {
    const response = await place(order(changes as Partial<VpsOrderRequest>));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "validation_failed", fields: { [field]: message } });
  });

  it("refuses in the page's language: French for a French request, from the contract and from the catalogue check", async () => {
    const french = (changes: Partial<VpsOrderRequest>) =>
      app.inject({
        method: "POST",
        url: "/api/vps/orders",
        headers: { host: "shop.example.test", "accept-language": "fr-FR,fr;q=0.9" },
        payload: order(changes),
        remoteAddress: `198.51.100.${++ip}`,
      });
    expect((await french({ hostname: "web_1" })).json()).toMatchObject({
      error: "validation_failed",
      fields: {
        hostname: expect.stringMatching(
          /^Utilisez des lettres, des chiffres et des traits d'union, en parties de 63 caractères/,
        ),
      },
    });
    expect((await french({ planId: "mega-9000" })).json()).toEqual({
      error: "validation_failed",
      message: "Choisissez l'une des offres proposées",
      fields: { planId: "Choisissez l'une des offres proposées" },
    });
  });

  it.each([
    ["the national number, as on /payment", "RWF", "783456789", "250783456789"],
    ["the national number with its leading 0 and spaces", "RWF", "0783 456 789", "250783456789"],
    ["a Kenyan national number paid in KES", "KES", "712345678", "254712345678"],
    ["the full number, as older pages sent it", "UGX", "+256 772 123 456", "256772123456"],
  ] as const)("takes %s and keeps the number pawaPay wants", async (_what, currency, typed, msisdn) => {
    const response = await place(order({ currency, phoneNumber: typed, hostname: `phone-${++ip}.example.rw` }));
    expect(response.statusCode).toBe(201);
    const { token } = response.json<VpsOrderCreated>();
    const [row] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.accessToken, token));
    expect(row?.phoneNumber).toBe(msisdn);
  });

  it.each([
    ["ed25519", sshKeys.ed25519],
    ["ECDSA", sshKeys.ecdsab384],
    ["RSA 4096", sshKeys.rsab4096],
  ])("takes an order with an %s key", async (_what, key) => {
    const response = await place(order({ accessMethod: "ssh_key", sshPublicKey: key }));
    expect(response.statusCode).toBe(201);
  });

  it("prices the order on the server, opens a payment for it and emails the link", async () => {
    const response = await place(order());
    expect(response.statusCode).toBe(201);
    const created = response.json<VpsOrderCreated>();
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.orderUrl).toBe(`/vps-hosting/order/${created.token}`);
    expect(created.redirectUrl).toMatch(/^https:\/\/www\.example\.test\/test-payments\//);
    const seen = await view(created.token);
    // (15,000 + 2,000) × 3 = 51,000, less 5% = 48,450, rounded to 48,500 RWF.
    expect(seen).toMatchObject({
      status: "pending_payment",
      canPay: true,
      server: null,
      quote: { total: 48_500, currency: "RWF", discountPercent: 5 },
    });
    const [row] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.accessToken, created.token));
    expect(row).toMatchObject({ amount: "48500", currency: "RWF" });
    const emails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "vps.received"));
    expect(
      emails.some(
        (e) => e.toAddress === "aline@example.rw" && e.textBody.includes(`/vps-hosting/order/${created.token}`),
      ),
    ).toBe(true);
    expect(
      (await app.inject({ method: "GET", url: "/api/vps/orders/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" })).statusCode,
    ).toBe(404);
  });

  it("keeps the customer's language in the order: its link, the payment page and every email to them", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/vps/orders",
      headers: { host: "shop.example.test", "accept-language": "fr-FR,fr" },
      payload: order({ email: "fr@example.rw", hostname: "fr-1.example.rw" }),
      remoteAddress: `198.51.100.${++ip}`,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<VpsOrderCreated>();
    expect(created.orderUrl).toBe(`/fr/vps-hosting/order/${created.token}`);
    const id = await orderId(created.token);
    expect((await database.db.select().from(vpsOrders).where(eq(vpsOrders.id, id)))[0]?.language).toBe("fr");

    // The test payment page speaks French, and sends the browser back to the French pages.
    const page = await app.inject({
      method: "GET",
      url: new URL(created.redirectUrl).pathname,
      headers: { "accept-language": "en" },
    });
    expect(page.body).toContain('<html lang="fr">');
    // Paid through a callback, moved by English-speaking staff: the customer still reads French.
    await payFor(created);
    expect((await move(id, { to: "provisioning" })).statusCode).toBe(200);
    const emails = (await database.db.select().from(outboxEmails)).filter(
      (e) =>
        e.subject.includes(created.reference) ||
        e.subject.includes("fr-1.example.rw") ||
        e.textBody.includes(created.reference),
    );
    const byKind = new Map(emails.map((e) => [e.kind, e]));
    const fr = (key: string, values: Record<string, unknown>) =>
      serverT(`email.${key}.subject`, { ns: "vps", lng: "fr", ...values });
    expect(byKind.get("vps.received")?.subject).toBe(fr("received", { reference: created.reference }));
    expect(byKind.get("vps.received")?.subject).toMatch(/^Votre commande VPS/);
    expect(byKind.get("vps.received")?.textBody).toContain(
      `https://www.example.test/fr/vps-hosting/order/${created.token}`,
    );
    expect(byKind.get("vps.paid")?.subject).toBe(fr("paid", { reference: created.reference }));
    expect(byKind.get("vps.provisioning")?.subject).toBe(fr("provisioning", { hostname: "fr-1.example.rw" }));
    expect(byKind.get("vps.staffPaid")?.subject).toBe(`VPS order ${created.reference} paid: set up fr-1.example.rw`);
    const detail = (await admin("GET", `/api/admin/vps/orders/${id}`)).json<VpsOrderDetail>();
    expect(detail.orderUrl).toBe(`/fr/vps-hosting/order/${created.token}`);
  });

  it("brings the customer back to the order's own page, which shows the payment, and emails its receipt", async () => {
    const created = (await place(order({ email: "back@example.rw" }))).json<VpsOrderCreated>();
    const returnUrl = await payFor(created);
    const returned = await app.inject({ method: "GET", url: `${returnUrl.pathname}${returnUrl.search}` });
    expect(returned.statusCode).toBe(303);
    const transactionId = returnUrl.searchParams.get("transactionId");
    expect(returned.headers.location).toBe(`${created.orderUrl}?payment=${transactionId}`);
    const shown = await view(created.token);
    expect(shown.payments).toEqual([
      expect.objectContaining({ transactionId, status: "COMPLETED", providerName: "MTN MoMo", currency: "RWF" }),
    ]);
    const receipts = (await database.db.select().from(outboxEmails)).filter(
      (e) => e.kind === "payments.receipt" && e.toAddress === "back@example.rw",
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.textBody).toContain(`https://www.example.test/payment/receipt?transactionId=${transactionId}`);
  });

  it("marks the order paid when its payment completes, and tells customer and staff", async () => {
    const { created, id } = await paidOrder({ email: "paid@example.rw" });
    expect(await view(created.token)).toMatchObject({ status: "paid", canPay: false });
    const kinds = (await database.db.select().from(outboxEmails))
      .filter((e) => e.textBody.includes(created.reference) || e.subject.includes(created.reference))
      .map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(["vps.received", "vps.paid", "vps.staffPaid"]));
    const detail = (await admin("GET", `/api/admin/vps/orders/${id}`)).json<VpsOrderDetail>();
    expect(detail.events.map((e) => e.toStatus)).toEqual(["pending_payment", "paid"]);
    expect(detail.nextStatuses).toEqual(["provisioning", "failed"]);
  });

  it("keeps a declined payment's order waiting, and lets the customer pay again", async () => {
    const created = (await place(order())).json<VpsOrderCreated>();
    await payFor(created, "decline");
    expect(await view(created.token)).toMatchObject({ status: "pending_payment", canPay: true });
    const again = await app.inject({
      method: "POST",
      url: `/api/vps/orders/${created.token}/payment`,
      headers: { host: "shop.example.test" },
    });
    expect(again.statusCode).toBe(200);
    await payFor({ ...created, redirectUrl: again.json<{ redirectUrl: string }>().redirectUrl });
    expect((await view(created.token)).status).toBe("paid");
    expect((await app.inject({ method: "POST", url: `/api/vps/orders/${created.token}/payment` })).statusCode).toBe(
      409,
    );
  });

  it("walks paid → provisioning → active, never skipping, and shows the password once, encrypted at rest", async () => {
    const { created, id } = await paidOrder();
    const skip = await move(id, {
      to: "active",
      server: { ipAddress: "196.12.1.10", username: "root", password: SERVER_PASSWORD },
    });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe("An order that is paid cannot become active");
    expect((await move(id, { to: "provisioning" })).json<VpsOrderDetail>()).toMatchObject({
      status: "provisioning",
      provisioner: "manual",
    });
    expect((await view(created.token)).status).toBe("provisioning");

    const missing = await move(id, { to: "active", server: { ipAddress: "196.12.1.10", username: "root" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ "server.password": vpsAdminMessages.passwordRequired });
    const badIp = await move(id, {
      to: "active",
      server: { ipAddress: "196.12.1.300", username: "root", password: SERVER_PASSWORD },
    });
    expect(badIp.json().fields).toMatchObject({ "server.ipAddress": vpsAdminMessages.ipInvalid });

    const active = (
      await move(id, {
        to: "active",
        server: { ipAddress: "196.12.1.10", username: "root", password: SERVER_PASSWORD },
      })
    ).json<VpsOrderDetail>();
    expect(active).toMatchObject({
      status: "active",
      serverIp: "196.12.1.10",
      hasCredentials: true,
      credentialsRevealedAt: null,
    });
    expect(JSON.stringify(active)).not.toContain(SERVER_PASSWORD);
    const [row] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.id, id));
    expect(row!.credentialsCiphertext).toMatch(/^v1\./);
    expect(row!.credentialsCiphertext).not.toContain(SERVER_PASSWORD);
    expect(Buffer.from(row!.credentialsCiphertext!.split(".")[3]!, "base64url").toString()).not.toContain(
      SERVER_PASSWORD,
    );
    // Renewal date: the paid period from activation.
    expect(new Date(row!.expiresAt!).getTime() - new Date(row!.activatedAt!).getTime()).toBeGreaterThan(
      88 * 86_400_000,
    );

    const first = await view(created.token);
    expect(first).toMatchObject({
      status: "active",
      server: { ipAddress: "196.12.1.10", username: "root", password: SERVER_PASSWORD, passwordShownBefore: false },
    });
    expect((await view(created.token)).server).toEqual({
      ipAddress: "196.12.1.10",
      username: "root",
      password: null,
      passwordShownBefore: true,
    });

    const emails = (await database.db.select().from(outboxEmails)).filter(
      (e) => e.kind === "vps.active" && e.subject.includes("web-1.example.rw"),
    );
    expect(emails.length).toBeGreaterThan(0);
    for (const email of emails) expect(email.textBody).not.toContain(SERVER_PASSWORD);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action)).toContain("vps.order.status");
    expect(JSON.stringify(audit)).not.toContain(SERVER_PASSWORD);
  });

  it("needs no password for an SSH-key order, and suspends, restores and cancels for good", async () => {
    const { created, id } = await paidOrder({ accessMethod: "ssh_key", sshPublicKey: sshKeys.ed25519 });
    await move(id, { to: "provisioning" });
    expect((await move(id, { to: "active", server: { ipAddress: "41.186.2.3", username: "ubuntu" } })).statusCode).toBe(
      200,
    );
    expect((await view(created.token)).server).toEqual({
      ipAddress: "41.186.2.3",
      username: "ubuntu",
      password: null,
      passwordShownBefore: false,
    });
    expect((await move(id, { to: "suspended", reason: "Unpaid renewal" })).json<VpsOrderDetail>().status).toBe(
      "suspended",
    );
    expect((await move(id, { to: "active" })).json<VpsOrderDetail>().status).toBe("active");
    expect((await move(id, { to: "cancelled", reason: "Customer asked" })).json<VpsOrderDetail>().status).toBe(
      "cancelled",
    );
    for (const to of ["active", "pending_payment", "paid", "provisioning", "suspended", "refunded"]) {
      expect((await move(id, { to })).statusCode).toBe(409);
    }
    expect((await view(created.token)).status).toBe("cancelled");
  });

  it("takes a failed server to a refund, and a cancelled unpaid order stays cancelled when paid late", async () => {
    const { created, id } = await paidOrder();
    await move(id, { to: "provisioning" });
    expect((await move(id, { to: "failed", reason: "No capacity in Kigali" })).json<VpsOrderDetail>().status).toBe(
      "failed",
    );
    expect((await view(created.token)).status).toBe("failed");
    expect((await move(id, { to: "refunded" })).json<VpsOrderDetail>().status).toBe("refunded");
    expect((await move(id, { to: "provisioning" })).statusCode).toBe(409);

    const late = (await place(order())).json<VpsOrderCreated>();
    const lateId = await orderId(late.token);
    // Only the payment marks an order paid.
    expect((await admin("GET", `/api/admin/vps/orders/${lateId}`)).json<VpsOrderDetail>().nextStatuses).toEqual([
      "cancelled",
    ]);
    expect((await move(lateId, { to: "paid" })).statusCode).toBe(409);
    expect((await move(lateId, { to: "cancelled" })).statusCode).toBe(200);
    await payFor(late);
    expect((await view(late.token)).status).toBe("cancelled");
    const detail = (await admin("GET", `/api/admin/vps/orders/${lateId}`)).json<VpsOrderDetail>();
    expect(detail.events.at(-1)).toMatchObject({ kind: "note", body: expect.stringContaining("refund it") });
  });

  it("keeps notes and history, lists orders by state, and lists renewals due within 14 days", async () => {
    const { id } = await paidOrder({ hostname: "renew-me" });
    const note = await admin("POST", `/api/admin/vps/orders/${id}/notes`, { body: "Customer wants Kigali rack B." });
    expect(note.statusCode).toBe(201);
    await move(id, { to: "provisioning" });
    await move(id, { to: "active", server: { ipAddress: "196.12.1.11", username: "root", password: SERVER_PASSWORD } });
    const detail = (await admin("GET", `/api/admin/vps/orders/${id}`)).json<VpsOrderDetail>();
    expect(detail.events.map((e) => (e.kind === "note" ? `note:${e.body}` : e.toStatus))).toEqual([
      "pending_payment",
      "paid",
      "note:Customer wants Kigali rack B.",
      "provisioning",
      "active",
    ]);
    expect(detail.events.at(-1)?.actor).toBe("ops-admin");

    const paidList = (await admin("GET", "/api/admin/vps/orders?status=paid")).json<VpsOrderPage>();
    expect(paidList.items.every((o) => o.status === "paid")).toBe(true);
    expect(paidList.counts.active).toBeGreaterThanOrEqual(1);

    expect(
      (await admin("GET", "/api/admin/vps/renewals"))
        .json<{ items: unknown[] }>()
        .items.some((o) => (o as { id: string }).id === id),
    ).toBe(false);
    await database.db
      .update(vpsOrders)
      .set({ expiresAt: new Date(Date.now() + 10 * 86_400_000) })
      .where(eq(vpsOrders.id, id));
    const renewals = (await admin("GET", "/api/admin/vps/renewals")).json<{
      items: { id: string; daysLeft: number }[];
    }>().items;
    expect(renewals.find((o) => o.id === id)?.daysLeft).toBe(10);
  });

  it("lets admins change prices and withdraw a plan, which new orders follow", async () => {
    const changed = await admin("PUT", "/api/admin/vps/prices/starter", {
      monthly: { RWF: 9_000, UGX: 25_000, KES: 900, USD: 7 },
      active: true,
    });
    expect(changed.statusCode).toBe(200);
    const catalog = (await app.inject({ method: "GET", url: "/api/vps/catalog" })).json<VpsCatalog>();
    expect(catalog.plans.find((p) => p.id === "starter")?.monthly.RWF).toBe(9_000);
    const created = (
      await place(
        order({ planId: "starter", periodMonths: 1, addons: { backups: false, extraIpv4: 0, managedSupport: false } }),
      )
    ).json<VpsOrderCreated>();
    expect((await view(created.token)).quote.total).toBe(9_000);

    await admin("PUT", "/api/admin/vps/prices/enterprise", {
      monthly: { RWF: 110_000, UGX: 308_000, KES: 11_000, USD: 84 },
      active: false,
    });
    const refused = await place(order({ planId: "enterprise" }));
    expect(refused.json()).toMatchObject({ fields: { planId: vpsMessages.planUnknown } });
    expect(
      (await admin("PUT", "/api/admin/vps/prices/nope", { monthly: { RWF: 1, UGX: 1, KES: 1, USD: 1 } })).statusCode,
    ).toBe(404);
    expect(
      (await admin("PUT", "/api/admin/vps/prices/starter", { monthly: { RWF: 0, UGX: 1, KES: 1, USD: 1 } })).statusCode,
    ).toBe(400);
  });

  it("keeps every admin VPS action to signed-in admins", async () => {
    const { id } = await paidOrder();
    const calls: ["GET" | "POST" | "PUT", string, object?][] = [
      ["GET", "/api/admin/vps/orders"],
      ["GET", `/api/admin/vps/orders/${id}`],
      ["POST", `/api/admin/vps/orders/${id}/transition`, { to: "provisioning" }],
      ["POST", `/api/admin/vps/orders/${id}/notes`, { body: "hi" }],
      ["GET", "/api/admin/vps/renewals"],
      ["GET", "/api/admin/vps/prices"],
      ["PUT", "/api/admin/vps/prices/starter", { monthly: { RWF: 1, UGX: 1, KES: 1, USD: 1 } }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await admin(method, url, payload, agentCookie)).statusCode, `${method} ${url} as agent`).toBe(403);
      expect(
        (await app.inject({ method, url, headers: { origin: SITE_ORIGIN }, ...(payload ? { payload } : {}) }))
          .statusCode,
        `${method} ${url} signed out`,
      ).toBe(401);
    }
    expect((await admin("GET", `/api/admin/vps/orders/${id}`)).json<VpsOrderDetail>().status).toBe("paid");
  });
});
