import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DomainOrderDetail, RegistryHealthList } from "#contracts/domain-orders-admin.ts";
import type { DomainOrderCreated, DomainOrderRequest, DomainOrderView } from "#contracts/domain-orders.ts";
import { NS } from "#server/adapters/epp/epp-xml.ts";
import { startDnsDouble, type DnsDouble } from "../../../tests/doubles/dns-server.ts";
import { startEppDouble, type EppDouble } from "../../../tests/doubles/epp-server.ts";
import { startRdapDouble, type RdapDouble } from "../../../tests/doubles/rdap-server.ts";
import { startWhoisDouble, type WhoisDouble } from "../../../tests/doubles/whois-server.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { domainOrders } from "./domains-schema.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { contactIdFor } from "./epp-registrar.ts";
import { registryProfiles } from "#content/registries.ts";

const registrant = {
  name: "Aline Uwase",
  organisation: "Uwase Coffee Ltd",
  email: "aline@example.rw",
  phoneNumber: "250783456789",
  address: "KG 7 Ave 12",
  city: "Kigali",
  country: "RW",
};
let counter = 0;
const freshName = (tld = "rw") => `epp-coffee-${++counter}.${tld}`;

describe.each(databaseBackends())("domain registration over EPP on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let rdap: RdapDouble;
  let whois: WhoisDouble;
  let dns: DnsDouble;
  let epp: EppDouble;
  let app: FastifyInstance;
  let adminCookie: string;
  let caDir: string;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    [rdap, whois, dns, epp] = await Promise.all([
      startRdapDouble(),
      startWhoisDouble(),
      startDnsDouble(),
      startEppDouble(),
    ]);
    caDir = mkdtempSync(path.join(tmpdir(), "epp-ca-"));
    writeFileSync(path.join(caDir, "ca.pem"), epp.ca);
    app = await testApp(database, {
      env: {
        DOMAINS_RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
        DOMAINS_DNS_SERVERS: dns.server,
        DOMAINS_WHOIS_SERVERS: `ug=${whois.host}:${whois.port}`,
        DOMAINS_LOOKUP_TIMEOUT_MS: "5000",
        EPP_RICTA_SERVER: `${epp.host}:${epp.port}`,
        EPP_RICTA_USERNAME: epp.username,
        EPP_RICTA_PASSWORD: epp.password,
        EPP_RICTA_TLS_CA: path.join(caDir, "ca.pem"),
        EPP_TIMEOUT_MS: "3000",
        EPP_RETRY_FOR_HOURS: "1",
      },
    });
    const admin = await createStaffUser(database.db, "epp-admin", "admin");
    adminCookie = await signIn(app, admin.username, admin.password, "10.6.0.1");
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([rdap?.close(), whois?.close(), dns?.close(), epp?.close()]);
    rmSync(caDir, { recursive: true, force: true });
    await cleanup?.();
  });
  afterEach(() => {
    epp.faults.takenMeanwhile.clear();
    epp.faults.refuse.clear();
    epp.faults.dropAfterCreate.clear();
    epp.faults.pending.clear();
    epp.faults.maintenance = null;
  });

  const admin = (method: "GET" | "POST", url: string) => app.inject({ method, url, headers: asStaff(adminCookie) });
  const detail = async (id: string) =>
    (await admin("GET", `/api/admin/domains/orders/${id}`)).json<DomainOrderDetail>();
  const view = async (token: string) =>
    (await app.inject({ method: "GET", url: `/api/domains/orders/${token}` })).json<DomainOrderView>();
  const rowOf = async (token: string) =>
    (await database.db.select().from(domainOrders).where(eq(domainOrders.accessToken, token)))[0]!;

  /** Orders a name and pays for it on the test-mode page; resolves once the registrar has answered. */
  async function paid(changes: Partial<DomainOrderRequest> = {}) {
    const placed = await app.inject({
      method: "POST",
      url: "/api/domains/orders",
      headers: { host: "shop.example.test" },
      payload: { domain: freshName(), years: 1, currency: "RWF", registrant, ...changes },
      remoteAddress: `198.51.100.${++counter % 250}`,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const created = placed.json<DomainOrderCreated>();
    const url = new URL(created.redirectUrl);
    const paying = await app.inject({
      method: "POST",
      url: `${url.pathname}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(paying.statusCode).toBe(303);
    await app.domainOrders.idle();
    const row = await rowOf(created.token);
    return { created, row, id: row.id, domain: row.domainName };
  }
  const commandsFor = (domain: string) => epp.commands.filter((c) => c.subject === domain);

  it("registers a paid .rw name by itself: check, contacts, hosts, create, then reads the record back", async () => {
    const seen = epp.commands.length;
    const { created, id, domain } = await paid({
      years: 2,
      nameservers: { mode: "custom", hosts: ["ns1.host-example.net", "ns2.host-example.net"] },
    });
    expect((await view(created.token)).status).toBe("registered");
    const d = await detail(id);
    const stored = epp.domains.get(domain)!;
    expect(d).toMatchObject({ status: "registered", registrar: "epp:ricta", registryReference: stored.roid });
    expect(d.expiresAt).toBe(stored.exDate.toISOString());
    expect(stored.exDate.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 2);
    expect(stored.ns).toEqual(["ns1.host-example.net", "ns2.host-example.net"]);
    // Contacts: the registrant's id comes from the order; admin is the registrant, tech is us.
    const registrantId = contactIdFor(registryProfiles.ricta, id, "registrant");
    expect(stored.registrant).toBe(registrantId);
    expect(stored.contacts).toEqual([
      { type: "admin", id: registrantId },
      { type: "tech", id: "KTS-STAFF" },
    ]);
    expect(epp.contacts.get(registrantId)).toMatchObject({ email: "aline@example.rw", cc: "RW" });
    // Before the order was placed and again once paid, the registry's own check said it was free.
    const availabilityChecks = epp.commands.slice(seen).filter((c) => c.clTRID?.startsWith("KTS-avail-"));
    expect(availabilityChecks.map((c) => [c.verb, c.subject])).toEqual([
      ["check", domain],
      ["check", domain],
    ]);
    expect(rdap.requests.filter((p) => p.endsWith(`/domain/${domain}`))).toEqual([]);
    const mine = epp.commands.slice(seen).filter((c) => c.verb !== "login" && !availabilityChecks.includes(c));
    expect(mine.map((c) => `${c.verb} ${c.object === null ? "" : c.object.split(":").at(-1)}`)).toEqual([
      "check domain-1.0",
      "create contact-1.0",
      "create contact-1.0",
      "check host-1.0",
      "create host-1.0",
      "create host-1.0",
      "create domain-1.0",
      "info domain-1.0",
    ]);
    // Transaction ids come from the order.
    for (const c of mine) expect(c.clTRID).toMatch(new RegExp(`^${created.reference}-`));
    expect(d.fulfilment).toMatchObject({ fulfiller: "epp:ricta", canRetry: false });
    expect(d.fulfilment.steps.map((s) => [s.action, s.status])).toEqual([
      ["domain:check", "succeeded"],
      ["contact:create registrant", "succeeded"],
      ["contact:create company", "succeeded"],
      ["host:check", "succeeded"],
      ["host:create ns1.host-example.net", "succeeded"],
      ["host:create ns2.host-example.net", "succeeded"],
      ["domain:create", "succeeded"],
      ["domain:info", "succeeded"],
    ]);
    expect(d.fulfilment.steps[6]?.answer).toBe("1000 Command completed successfully");
  });

  it("refuses before payment a name the registry's EPP check says is taken, naming EPP, though RDAP knows nothing", async () => {
    const { domain } = await paid();
    const again = await app.inject({
      method: "POST",
      url: "/api/domains/orders",
      payload: { domain, years: 1, currency: "RWF", registrant },
      remoteAddress: "198.51.100.251",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: "domain_taken",
      message: `The registry (EPP) says ${domain} is registered, so we did not take a payment. Search again for another name.`,
    });
    expect(rdap.requests.filter((p) => p.endsWith(`/domain/${domain}`))).toEqual([]);
  });

  it("asks RDAP before payment when the EPP server cannot answer, and says RDAP answered", async () => {
    epp.faults.maintenance = "Scheduled maintenance";
    const domain = freshName();
    const placed = await app.inject({
      method: "POST",
      url: "/api/domains/orders",
      payload: { domain, years: 1, currency: "RWF", registrant },
      remoteAddress: "198.51.100.252",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(rdap.requests.filter((p) => p.endsWith(`/domain/${domain}`))).toHaveLength(1);
  });

  it("sends the order to refund when the name was taken at the registry meanwhile (2302)", async () => {
    const name = freshName();
    epp.faults.takenMeanwhile.add(name);
    const { created, id } = await paid({ domain: name });
    expect((await view(created.token)).status).toBe("needs_refund");
    const d = await detail(id);
    expect(d.fulfilment.steps.at(-1)).toMatchObject({
      action: "domain:create",
      status: "failed",
      answer: "2302 Object exists",
    });
    expect(d.fulfilment.canRetry).toBe(false);
  });

  it("refunds a name taken meanwhile through the built-in test provider once staff approve, emailing the customer", async () => {
    const name = freshName();
    epp.faults.takenMeanwhile.add(name);
    const { id, row } = await paid({
      domain: name,
      language: "fr",
      registrant: { ...registrant, email: "refund-fr@example.rw" },
    });
    expect(row.status).toBe("needs_refund");
    expect((await detail(id)).fulfilment.canRefund).toBe(true);
    const approved = await admin("POST", `/api/admin/domains/orders/${id}/refund`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<DomainOrderDetail>().fulfilment).toMatchObject({ canRefund: false });
    expect(approved.json<DomainOrderDetail>().fulfilment.steps.at(-1)).toMatchObject({
      fulfiller: "test-payments",
      action: "refund",
      status: "running",
    });
    // The test provider settles its transfer a moment later and calls back, signed, as pawaPay would.
    await vi.waitFor(async () => expect((await detail(id)).status).toBe("refunded"), { timeout: 8000, interval: 100 });
    const d = await detail(id);
    expect(d.refundedAt).not.toBeNull();
    expect(d.fulfilment.steps.at(-1)).toMatchObject({ action: "refund", status: "succeeded" });
    expect(d.fulfilment.steps.at(-1)!.answer).toMatch(/^COMPLETED TEST\d+$/);
    const mails = (await database.db.select().from(outboxEmails)).filter(
      (e) => e.toAddress === "refund-fr@example.rw" && e.kind === "domains.refunded",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Rembours/);
    const audits = await database.db.select().from(auditLog);
    expect(audits.some((a) => a.action === "domain.order.refund" && a.targetId === id)).toBe(true);
    expect(audits.some((a) => a.action === "payment.refund.completed" && a.actorUsername === "test-payments")).toBe(
      true,
    );
  });

  it("shows staff the registry's words for a policy (2306) or syntax (2005) refusal, and retries when asked", async () => {
    for (const code of [2306, 2005] as const) {
      const name = freshName();
      const reason =
        code === 2306 ? "Registrant must be resident in Rwanda for this zone" : "Invalid character in contact:street";
      epp.faults.refuse.set(name, { code, reason });
      const { created, id } = await paid({
        domain: name,
        registrant: { ...registrant, email: `refused-${code}@example.rw` },
      });
      expect((await view(created.token)).status).toBe("paid");
      const d = await detail(id);
      const message = `${code} ${code === 2306 ? "Parameter value policy error" : "Parameter value syntax error"}: ${reason}`;
      expect(d.fulfilment.steps.at(-1)).toMatchObject({ action: "domain:create", status: "failed", answer: message });
      expect(d.fulfilment.canRetry).toBe(true);
      expect(d.events.at(-1)?.body).toContain(reason);
      const staff = (await database.db.select().from(outboxEmails)).filter(
        (e) => e.kind === "domains.staffRegister" && e.subject.includes(created.reference),
      );
      expect(staff[0]?.textBody).toContain(reason);

      epp.faults.refuse.delete(name);
      const retried = await admin("POST", `/api/admin/domains/orders/${id}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      const after = retried.json<DomainOrderDetail>();
      expect(after.status).toBe("registered");
      // The retry is staff's: audited, and its steps carry who asked. One create succeeded, never two.
      expect(after.fulfilment.steps.filter((s) => s.actor === "epp-admin").length).toBeGreaterThan(0);
      expect(commandsFor(name).filter((c) => c.verb === "create" && c.object === NS.domain)).toHaveLength(2);
      const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(audit.map((a) => a.action)).toContain("domain.order.retry");
      expect((await admin("POST", `/api/admin/domains/orders/${id}/retry`)).statusCode).toBe(409);
    }
  });

  it("resolves a connection dropped in the middle of a create with domain:info, never a second create", async () => {
    const name = freshName();
    epp.faults.dropAfterCreate.add(name);
    const { created, id } = await paid({ domain: name });
    expect((await view(created.token)).status).toBe("registered");
    const creates = commandsFor(name).filter((c) => c.verb === "create" && c.object === NS.domain);
    expect(creates).toHaveLength(1);
    const d = await detail(id);
    expect(d.fulfilment.steps.map((s) => [s.action, s.status])).toEqual(
      expect.arrayContaining([
        ["domain:create", "failed"],
        ["domain:info", "succeeded"],
      ]),
    );
    expect(d.fulfilment.steps.find((s) => s.action === "domain:create")?.answer).toMatch(
      /Connection lost after the create/,
    );
    expect(d.registryReference).toBe(epp.domains.get(name)?.roid);
  });

  it("waits out registry maintenance with growing waits, tells the customer, then registers", async () => {
    epp.faults.maintenance = "Scheduled maintenance until 04:00 EAT";
    const { created, id } = await paid();
    const waiting = await view(created.token);
    expect(waiting).toMatchObject({ status: "paid", registryWait: { kind: "registry" } });
    const first = await rowOf(created.token);
    expect(first.attempts).toBe(1);
    const firstWait = first.nextAttemptAt!.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(50_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);
    expect((await detail(id)).fulfilment.canRetry).toBe(true);
    // Not due yet: nothing happens.
    expect(await app.domainOrders.retryDue(new Date())).toBe(0);
    // Due, still in maintenance: the next wait doubles.
    expect(await app.domainOrders.retryDue(new Date(Date.now() + 61_000))).toBe(1);
    const second = await rowOf(created.token);
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(110_000);
    epp.faults.maintenance = null;
    expect(await app.domainOrders.retryDue(new Date(Date.now() + 10 * 60_000))).toBe(1);
    expect(await view(created.token)).toMatchObject({ status: "registered", registryWait: null });
  });

  it("hands a registration to staff when the registry stays down past the retry period", async () => {
    epp.faults.maintenance = "Down";
    const { created } = await paid();
    // Paid more than EPP_RETRY_FOR_HOURS ago: the next failed attempt gives up.
    await database.db
      .update(domainOrders)
      .set({ paidAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(domainOrders.accessToken, created.token));
    expect(await app.domainOrders.retryDue(new Date(Date.now() + 61_000))).toBe(1);
    const row = await rowOf(created.token);
    expect(row).toMatchObject({ status: "paid", registryWait: null, nextAttemptAt: null });
    const staff = (await database.db.select().from(outboxEmails)).filter(
      (e) => e.kind === "domains.staffRegister" && e.subject.includes(created.reference),
    );
    expect(staff[0]?.textBody).toContain("for the whole retry period");
  });

  it("finishes a pending create (1001) from the registry's poll message, and acknowledges it", async () => {
    const name = freshName();
    epp.faults.pending.add(name);
    const { created } = await paid({ domain: name });
    expect(await view(created.token)).toMatchObject({ status: "paid", registryWait: { kind: "pending" } });
    epp.finishPending(name, true);
    const handled: (string | null)[] = [];
    const read = await app.domainRegistries.poll(async (message) => {
      handled.push(message.domain);
      if (message.domain) await app.domainOrders.pendingFinished(message.domain);
    });
    expect(read).toBe(1);
    expect(handled).toEqual([name]);
    expect(epp.pollQueue).toHaveLength(0);
    expect(await view(created.token)).toMatchObject({ status: "registered", registryWait: null });
  });

  it("renews over EPP with the current expiry, and does not renew twice for one renewal", async () => {
    const { id, domain } = await paid();
    const before = epp.domains.get(domain)!.exDate;
    const result = await app.domainOrders.renew({ orderId: id, renewalId: "REN-EPP-1", years: 1 });
    expect(result.kind).toBe("renewed");
    const after = epp.domains.get(domain)!.exDate;
    expect(after.getUTCFullYear()).toBe(before.getUTCFullYear() + 1);
    expect((await detail(id)).expiresAt).toBe(after.toISOString());
  });

  it("keeps names of TLDs without a configured EPP server with staff", async () => {
    const { row } = await paid({ domain: freshName("com") });
    expect(row).toMatchObject({ status: "paid", registrar: "manual" });
  });

  it("shows each configured server's health on the dashboard", async () => {
    const health = await admin("GET", "/api/admin/domains/registries");
    expect(health.statusCode).toBe(200);
    expect(health.json<RegistryHealthList>().registries).toEqual([
      expect.objectContaining({
        id: "epp:ricta",
        name: "RICTA (.rw)",
        state: "up",
        endpoint: `${epp.host}:${epp.port}`,
        serverId: "Example EPP server epp.example.com",
        tlds: expect.arrayContaining(["rw", "co.rw"]),
      }),
    ]);
  });
});
