import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VPS_GRACE_DAYS } from "#content/renewals.ts";
import type { AccountRenewals, RenewalCreated, StaffRenewal, StaffRenewalPage } from "#contracts/renewals.ts";
import type { VpsOrderCreated, VpsOrderRequest } from "#contracts/vps.ts";
import { startEppDouble, type EppDouble } from "../../../tests/doubles/epp-server.ts";
import { startProxmoxDouble, type ProxmoxDouble } from "../../../tests/doubles/proxmox-ve.ts";
import { seedDomainOrder, seedVpsOrder } from "../../../tests/support/account-fixtures.ts";
import { asStaff, createStaffUser, signIn as staffSignIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { queryRows } from "../../db/query.ts";
import { CUSTOMER_COOKIE } from "../account/account-routes.ts";
import { domainOrders } from "../domains/domains-schema.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { vpsOrders } from "../vps/vps-schema.ts";
import { renewalOrders } from "./renewals-schema.ts";

const DAY = 86_400_000;
let ipCounter = 0;

interface Email {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
}
const emailsTo = (database: DatabaseHandle, address: string) =>
  queryRows<Email>(
    database.db,
    sql`select kind, to_address, subject, text_body from outbox_emails where to_address = ${address} order by created_at`,
  );

/** Signs in by the emailed link, as a customer does; returns the session cookie's value. */
async function signedInAs(app: FastifyInstance, database: DatabaseHandle, email: string): Promise<string> {
  const remoteAddress = `203.0.113.${++ipCounter}`;
  const asked = await app.inject({ method: "POST", url: "/api/account/sign-in", payload: { email }, remoteAddress });
  expect(asked.statusCode).toBe(202);
  const link = (await emailsTo(database, email)).findLast((e) => e.kind === "account_sign_in")!;
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(link.text_body)![1]!;
  const session = await app.inject({ method: "POST", url: "/api/account/session", payload: { token }, remoteAddress });
  return session.cookies.find((c) => c.name === CUSTOMER_COOKIE)!.value;
}

/** Approves the TEST MODE payment page, then follows the return to where the customer lands. */
async function payOnTestPage(app: FastifyInstance, redirectUrl: string): Promise<string> {
  const paid = await app.inject({
    method: "POST",
    url: `${new URL(redirectUrl).pathname}/approve`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  expect(paid.statusCode).toBe(303);
  const back = new URL(paid.headers.location!);
  const landed = await app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
  expect(landed.statusCode).toBe(303);
  return landed.headers.location!;
}

describe.each(databaseBackends())("renewals from the account on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let epp: EppDouble;
  let caDir: string;
  let app: FastifyInstance;
  const now = new Date();

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    epp = await startEppDouble();
    caDir = mkdtempSync(path.join(tmpdir(), "renew-ca-"));
    writeFileSync(path.join(caDir, "ca.pem"), epp.ca);
    app = await testApp(database, {
      env: {
        EPP_RICTA_SERVER: `${epp.host}:${epp.port}`,
        EPP_RICTA_USERNAME: epp.username,
        EPP_RICTA_PASSWORD: epp.password,
        EPP_RICTA_TLS_CA: path.join(caDir, "ca.pem"),
        EPP_TIMEOUT_MS: "3000",
      },
      clock: () => now,
    });
  });
  afterAll(async () => {
    await app?.close();
    await epp?.close();
    rmSync(caDir, { recursive: true, force: true });
    await cleanup?.();
  });

  const call = (cookie: string, method: "GET" | "POST", payload?: object, language = "en") =>
    app.inject({
      method,
      url: "/api/account/renewals",
      cookies: { [CUSTOMER_COOKIE]: cookie },
      headers: { "accept-language": language },
      remoteAddress: "198.51.100.40",
      ...(payload ? { payload } : {}),
    });

  it("renews a .rw name for two years: paid by mobile money, renewed over EPP, back to the account", async () => {
    const email = "renew-domain@example.rw";
    const expiresAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    const { id } = await seedDomainOrder(database.db, { email, name: "umucyo-renew.rw", expiresAt });
    epp.domains.set("umucyo-renew.rw", {
      name: "umucyo-renew.rw",
      roid: "RW-RENEW-1",
      registrant: "kts-registrant",
      contacts: [],
      ns: [],
      clID: epp.username,
      crDate: new Date(expiresAt.getTime() - 365 * DAY),
      exDate: expiresAt,
      status: ["ok"],
    });
    const cookie = await signedInAs(app, database, email);

    const listed = await call(cookie, "GET");
    expect(listed.statusCode).toBe(200);
    const { items, policy } = listed.json<AccountRenewals>();
    const item = items.find((i) => i.id === id)!;
    expect(item).toMatchObject({ kind: "domain", label: "umucyo-renew.rw", unit: "years" });
    // About a month is still held: nine more years reach the registries' ten-year limit.
    expect(item.options.map((o) => o.period)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(item.options[1]!.amount).toBe(item.options[0]!.amount * 2);
    expect(item.options[0]!.currency).toBe("RWF");
    expect(policy).toEqual({ reminderDays: [30, 7, 1], vpsGraceDays: VPS_GRACE_DAYS, domainGraceDays: 30 });

    const created = await call(cookie, "POST", { kind: "domain", id, period: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const { reference, redirectUrl } = created.json<RenewalCreated>();
    expect(reference).toMatch(/^REN-[A-Z2-9]{6}$/);
    const landing = await payOnTestPage(app, redirectUrl);
    expect(landing).toBe(`/account?renewal=${reference}&payment=${new URL(redirectUrl).pathname.split("/").at(-1)}`);
    await app.renewals.idle();

    const renewedTo = new Date(Date.UTC(expiresAt.getUTCFullYear() + 2, expiresAt.getUTCMonth(), 15));
    expect(epp.domains.get("umucyo-renew.rw")!.exDate.toISOString()).toBe(renewedTo.toISOString());
    expect(epp.commands.filter((c) => c.verb === "renew" && c.subject === "umucyo-renew.rw")).toHaveLength(1);
    const [order] = await database.db.select().from(domainOrders).where(eq(domainOrders.id, id));
    expect(order!.expiresAt!.toISOString()).toBe(renewedTo.toISOString());
    const [renewal] = await database.db.select().from(renewalOrders).where(eq(renewalOrders.reference, reference));
    expect(renewal).toMatchObject({
      status: "completed",
      period: 2,
      currency: "RWF",
      amount: String(item.options[1]!.amount),
    });
    const after = (await call(cookie, "GET")).json<AccountRenewals>();
    expect(after.renewals[0]).toMatchObject({ reference, status: "completed", newExpiresAt: renewedTo.toISOString() });
    expect((await emailsTo(database, email)).map((e) => e.kind)).toEqual(
      expect.arrayContaining(["payments.receipt", "renewals.completed"]),
    );
  });

  it("hands a name without an EPP server to staff, and completes the renewal when they record it", async () => {
    const email = "renew-manual@example.rw";
    const expiresAt = new Date(Date.UTC(now.getUTCFullYear() + 1, 2, 10));
    const { id } = await seedDomainOrder(database.db, { email, name: "kawa-renew.com", expiresAt });
    const cookie = await signedInAs(app, database, email);
    const created = await call(cookie, "POST", { kind: "domain", id, period: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const { reference, redirectUrl } = created.json<RenewalCreated>();
    await payOnTestPage(app, redirectUrl);
    await app.renewals.idle();
    const waiting = (await call(cookie, "GET")).json<AccountRenewals>().renewals.find((r) => r.reference === reference);
    expect(waiting).toMatchObject({ status: "with_staff", newExpiresAt: null });
    expect((await emailsTo(database, "sales@example.test")).map((e) => e.kind)).toContain("domains.staffRenew");

    const staff = await createStaffUser(database.db, "renewals-admin", "admin");
    const staffCookie = await staffSignIn(app, staff.username, staff.password, "10.7.0.1");
    const recorded = await app.inject({
      method: "POST",
      url: `/api/admin/domains/orders/${id}/renewal`,
      headers: asStaff(staffCookie),
      payload: { expiresAt: `${expiresAt.getUTCFullYear() + 1}-03-10` },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const done = (await call(cookie, "GET")).json<AccountRenewals>().renewals.find((r) => r.reference === reference);
    expect(done).toMatchObject({
      status: "completed",
      newExpiresAt: new Date(Date.UTC(expiresAt.getUTCFullYear() + 1, 2, 10)).toISOString(),
    });
  });

  it("extends a server by the months paid for, and starts a suspended one again", async () => {
    const email = "renew-vps@example.rw";
    const expiresAt = new Date(now.getTime() + 3 * DAY);
    const running = await seedVpsOrder(database.db, { email, status: "active", expiresAt });
    const stoppedSince = new Date(now.getTime() - 10 * DAY);
    const stopped = await seedVpsOrder(database.db, { email, status: "suspended", expiresAt: stoppedSince });
    const cookie = await signedInAs(app, database, email);
    const { items } = (await call(cookie, "GET")).json<AccountRenewals>();
    const item = items.find((i) => i.id === running.id)!;
    expect(item).toMatchObject({ kind: "vps", unit: "months" });
    expect(item.options.map((o) => o.period)).toEqual([1, 3, 6, 12]);

    const created = await call(cookie, "POST", { kind: "vps", id: running.id, period: 3 });
    expect(created.statusCode, created.body).toBe(201);
    await payOnTestPage(app, created.json<RenewalCreated>().redirectUrl);
    await app.renewals.idle();
    const [row] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.id, running.id));
    const expected = new Date(expiresAt);
    expected.setUTCMonth(expected.getUTCMonth() + 3);
    expect(row!.expiresAt!.toISOString()).toBe(expected.toISOString());
    expect(row!.status).toBe("active");

    // Suspended after its grace period: the new period starts today, and the server runs again.
    const again = await call(cookie, "POST", { kind: "vps", id: stopped.id, period: 1 });
    expect(again.statusCode, again.body).toBe(201);
    await payOnTestPage(app, again.json<RenewalCreated>().redirectUrl);
    await app.renewals.idle();
    await app.vps.idle();
    const [resumed] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.id, stopped.id));
    const fromToday = new Date(now);
    fromToday.setUTCMonth(fromToday.getUTCMonth() + 1);
    expect(resumed).toMatchObject({ status: "active", suspendedAt: null });
    expect(resumed!.expiresAt!.toISOString()).toBe(fromToday.toISOString());
  });

  it("lists a paid renewal that could not be carried out for staff, and refunds it once", async () => {
    const email = "renew-refund@example.rw";
    const server = await seedVpsOrder(database.db, {
      email,
      status: "active",
      expiresAt: new Date(now.getTime() + 5 * DAY),
    });
    const cookie = await signedInAs(app, database, email);
    const created = await call(cookie, "POST", { kind: "vps", id: server.id, period: 1 }, "fr");
    expect(created.statusCode, created.body).toBe(201);
    // Staff cancel the server while the customer is paying: the renewal cannot be carried out.
    await database.db.update(vpsOrders).set({ status: "cancelled" }).where(eq(vpsOrders.id, server.id));
    await payOnTestPage(app, created.json<RenewalCreated>().redirectUrl);
    await app.renewals.idle();
    const { reference } = created.json<RenewalCreated>();

    const admin = await createStaffUser(database.db, `renewal-admin-${backend.name}`, "admin");
    const adminCookie = await staffSignIn(app, admin.username, admin.password, "10.9.0.1");
    const agent = await createStaffUser(database.db, `renewal-agent-${backend.name}`, "agent");
    const agentCookie = await staffSignIn(app, agent.username, agent.password, "10.9.0.2");
    const staff = (cookieValue: string, method: "GET" | "POST", url: string) =>
      app.inject({ method, url, headers: asStaff(cookieValue) });

    const waiting = (await staff(adminCookie, "GET", "/api/admin/renewals?status=attention")).json<StaffRenewalPage>();
    const listed = waiting.items.find((r) => r.reference === reference)!;
    expect(listed).toMatchObject({ status: "failed", email, refundable: true, refund: null, kind: "vps" });
    expect(listed.failure).toMatch(/refund the payment/);
    expect(waiting.counts.attention).toBeGreaterThanOrEqual(1);
    expect(waiting.items.every((r) => r.status === "failed" || r.status === "with_staff")).toBe(true);
    // Each filter's total is the count the chips show, and all of them together is every renewal.
    expect(waiting.total).toBe(waiting.counts.attention);
    const everything = (await staff(adminCookie, "GET", "/api/admin/renewals")).json<StaffRenewalPage>();
    const failedOnly = (await staff(adminCookie, "GET", "/api/admin/renewals?status=failed")).json<StaffRenewalPage>();
    expect(failedOnly.total).toBe(everything.counts.failed);
    const [rowCount] = await database.db.select({ n: count() }).from(renewalOrders);
    expect(everything.total).toBe(rowCount!.n);
    // Money: admins only; nobody without a session; a bad filter names its field.
    expect((await staff(agentCookie, "GET", "/api/admin/renewals")).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/admin/renewals" })).statusCode).toBe(401);
    const badFilter = await staff(adminCookie, "GET", "/api/admin/renewals?status=lost");
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ fields: { status: expect.any(String) } });
    expect((await staff(agentCookie, "POST", `/api/admin/renewals/${listed.id}/refund`)).statusCode).toBe(403);

    const approved = await staff(adminCookie, "POST", `/api/admin/renewals/${listed.id}/refund`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<StaffRenewal>()).toMatchObject({ refundable: false, refund: { status: "running" } });
    // A second approval, while the first is on its way, is refused: one refund per payment.
    expect((await staff(adminCookie, "POST", `/api/admin/renewals/${listed.id}/refund`)).statusCode).toBe(409);

    // The test provider settles the refund a moment later and calls back, as pawaPay does.
    await expect
      .poll(
        async () => (await database.db.select().from(renewalOrders).where(eq(renewalOrders.id, listed.id)))[0]!.status,
        {
          timeout: 15_000,
        },
      )
      .toBe("refunded");
    const after = (await staff(adminCookie, "GET", "/api/admin/renewals?status=refunded")).json<StaffRenewalPage>();
    expect(after.items.find((r) => r.id === listed.id)).toMatchObject({
      status: "refunded",
      refundable: false,
      refund: { status: "succeeded" },
    });
    const told = (await emailsTo(database, email)).filter((e) => e.kind === "renewals.refunded");
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`Remboursé\u00a0: renouvellement ${reference} de app-server`);
    expect((await staff(adminCookie, "POST", `/api/admin/renewals/${listed.id}/refund`)).statusCode).toBe(409);
    const unknown = await staff(adminCookie, "POST", "/api/admin/renewals/00000000-0000-4000-8000-000000000000/refund");
    expect(unknown.statusCode).toBe(404);
    // The customer's account says so too.
    const { renewals } = (await call(cookie, "GET")).json<AccountRenewals>();
    expect(renewals.find((r) => r.reference === reference)).toMatchObject({ status: "refunded" });
  });

  it("names the field for a bad request, and renews only the signed-in customer's own services", async () => {
    const mine = "renew-owner@example.rw";
    const theirs = await seedDomainOrder(database.db, {
      email: "someone-else@example.rw",
      name: "not-yours.rw",
      expiresAt: new Date(now.getTime() + 40 * DAY),
    });
    const own = await seedDomainOrder(database.db, {
      email: mine,
      name: "ours-renew.rw",
      expiresAt: new Date(now.getTime() + 40 * DAY),
    });
    const cookie = await signedInAs(app, database, mine);

    const tooLong = await call(cookie, "POST", { kind: "domain", id: own.id, period: 11 }, "fr");
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      fields: { period: "Choisissez une des durées de renouvellement proposées" },
    });
    const notMine = await call(cookie, "POST", { kind: "domain", id: theirs.id, period: 1 });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ fields: { id: expect.any(String) } });
    const badKind = await call(cookie, "POST", { kind: "hosting", id: own.id, period: 1 });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ fields: { kind: "Choose a domain or a server to renew" } });

    const signedOut = await app.inject({
      method: "POST",
      url: "/api/account/renewals",
      payload: { kind: "domain", id: own.id, period: 1 },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await database.db.select().from(renewalOrders).where(eq(renewalOrders.targetId, theirs.id))).toEqual([]);
  });
});

describe.each(databaseBackends())("the renewal schedule with two instances on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let pve: ProxmoxDouble;
  let first: FastifyInstance;
  let second: FastifyInstance;
  /** The one clock both instances read; each test moves it. */
  let now = new Date("2027-03-01T08:00:00Z");

  const env = (double: ProxmoxDouble) => ({
    PROXMOX_KIGALI_URL: double.url,
    PROXMOX_KIGALI_TOKEN: double.token,
    PROXMOX_KIGALI_NODES: "pve1,pve2",
    PROXMOX_KIGALI_FINGERPRINT: double.fingerprint,
    PROXMOX_TIMEOUT_MS: "600",
    PROXMOX_ADDRESS_TIMEOUT_MS: "2000",
  });
  const noPause = async () => undefined;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    pve = await startProxmoxDouble();
    pve.addTemplate("pve1", 9000, "ubuntu-24.04", 10);
    pve.addTemplate("pve2", 9001, "ubuntu-24.04", 10);
    const options = { env: env(pve), vps: { pause: noPause }, clock: () => now };
    first = await testApp(database, options);
    second = await testApp(database, options);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await pve?.close();
    await cleanup?.();
  });

  /** Both instances run their round at the same moment. */
  const race = () => Promise.all([first.renewals.runDue(), second.renewals.runDue()]);
  const kindsTo = async (address: string) =>
    (await emailsTo(database, address)).map((e) => e.kind).filter((k) => k.startsWith("renewals."));

  it("sends each reminder once (30, 7 and 1 days ahead, then the expiry), in the customer's language", async () => {
    const expiry = new Date("2027-04-01T08:00:00Z");
    await seedDomainOrder(database.db, {
      email: "rappel@example.rw",
      name: "rappel.rw",
      expiresAt: expiry,
      language: "fr",
    });
    await seedVpsOrder(database.db, {
      email: "ukwibutsa@example.rw",
      status: "active",
      expiresAt: expiry,
      language: "rw",
    });

    now = new Date(expiry.getTime() - 31 * DAY);
    await race();
    expect(await kindsTo("rappel@example.rw")).toEqual([]);

    now = new Date(expiry.getTime() - 30 * DAY + 3_600_000);
    await race();
    await race();
    expect(await kindsTo("rappel@example.rw")).toEqual(["renewals.domainReminder"]);
    expect(await kindsTo("ukwibutsa@example.rw")).toEqual(["renewals.vpsReminder"]);
    const [french] = await emailsTo(database, "rappel@example.rw");
    expect(french!.subject).toBe("Rappel de renouvellement\u00a0: rappel.rw expire le 1 avril 2027");
    const [kinyarwanda] = await emailsTo(database, "ukwibutsa@example.rw");
    expect(kinyarwanda!.subject).toMatch(/^Kwibutsa kongera igihe: app-server izarangira ku wa /);

    for (const before of [7 * DAY - 3_600_000, DAY - 3_600_000]) {
      now = new Date(expiry.getTime() - before);
      await race();
      await race();
    }
    now = new Date(expiry.getTime() + 3_600_000);
    await race();
    await race();
    expect(await kindsTo("rappel@example.rw")).toEqual([
      "renewals.domainReminder",
      "renewals.domainReminder",
      "renewals.domainReminder",
      "renewals.domainExpired",
    ]);
    expect(await kindsTo("ukwibutsa@example.rw")).toEqual([
      "renewals.vpsReminder",
      "renewals.vpsReminder",
      "renewals.vpsReminder",
      "renewals.vpsExpired",
    ]);
    const notices = await queryRows<{ notice: string }>(
      database.db,
      sql`select notice from renewal_notices order by id`,
    );
    expect(notices.map((n) => n.notice).sort()).toEqual(
      ["expired", "expired", "remind-1", "remind-1", "remind-30", "remind-30", "remind-7", "remind-7"].sort(),
    );
  });

  it("suspends an unpaid server on the cluster once its grace period is over, once", async () => {
    const order: VpsOrderRequest = {
      planId: "standard",
      locationId: "kigali",
      imageId: "ubuntu-24.04",
      periodMonths: 1,
      addons: { backups: false, extraIpv4: 0, managedSupport: false },
      currency: "RWF",
      hostname: "grace.example.rw",
      accessMethod: "password",
      name: "Aline Uwase",
      email: "grace@example.rw",
      phoneNumber: "250783456789",
    };
    const placed = await first.inject({
      method: "POST",
      url: "/api/vps/orders",
      payload: order,
      remoteAddress: "198.51.100.77",
    });
    expect(placed.statusCode).toBe(201);
    const created = placed.json<VpsOrderCreated>();
    await payOnTestPage(first, created.redirectUrl);
    await first.vps.idle();
    const [built] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.accessToken, created.token));
    expect(built!.status).toBe("active");
    const vm = pve.vmByName(built!.reference.toLowerCase())!;
    expect(vm.status).toBe("running");
    const expiry = new Date("2027-06-01T08:00:00Z");
    await database.db.update(vpsOrders).set({ expiresAt: expiry }).where(eq(vpsOrders.id, built!.id));

    // Within the grace period: warned, still running.
    now = new Date(expiry.getTime() + (VPS_GRACE_DAYS - 1) * DAY);
    await race();
    expect(vm.status).toBe("running");
    expect(await kindsTo("grace@example.rw")).toEqual(["renewals.vpsExpired"]);

    now = new Date(expiry.getTime() + VPS_GRACE_DAYS * DAY + 60_000);
    await race();
    await race();
    await Promise.all([first.vps.idle(), second.vps.idle()]);
    const [after] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.id, built!.id));
    expect(after!.status).toBe("suspended");
    expect(vm.status).toBe("stopped");
    const stops = pve.requests.filter(
      (r) => r.method === "POST" && r.path === `/nodes/${vm.node}/qemu/${vm.vmid}/status/shutdown`,
    );
    expect(stops).toHaveLength(1);
    const suspendedEmails = (await database.db.select().from(outboxEmails)).filter(
      (e) => e.kind === "vps.suspended" && e.toAddress === "grace@example.rw",
    );
    expect(suspendedEmails).toHaveLength(1);
    expect(suspendedEmails[0]!.textBody).toContain("renew it from your account to start it again");
  });
});
