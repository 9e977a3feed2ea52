import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  domainAdminMessages,
  type DomainOrderDetail,
  type DomainOrderPage,
  type DomainPriceSheet,
} from "#contracts/domain-orders-admin.ts";
import {
  domainOrderMessages,
  type DomainOrderCreated,
  type DomainOrderRequest,
  type DomainOrderView,
} from "#contracts/domain-orders.ts";
import { domainMessages, type TldPrice } from "#contracts/domains.ts";
import { paymentMessages } from "#contracts/payments.ts";
import { startDnsDouble, type DnsDouble } from "../../../tests/doubles/dns-server.ts";
import { startRdapDouble, type RdapDouble } from "../../../tests/doubles/rdap-server.ts";
import { startWhoisDouble, whoisReplies, type WhoisDouble } from "../../../tests/doubles/whois-server.ts";
import { asStaff, createStaffUser, signIn, SITE_ORIGIN } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { domainOrders } from "./domains-schema.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { paymentTransactions } from "../payments/payments-schema.ts";
import type { Registrar, RegistrationRequest } from "./registrar.ts";

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
/** A fresh name per order, so one test's registry answers never leak into another's. */
const freshName = (tld = "rw") => `kigali-coffee-${++counter}.${tld}`;

const order = (changes: Partial<DomainOrderRequest> = {}): DomainOrderRequest => ({
  domain: freshName(),
  years: 1,
  currency: "RWF",
  registrant,
  ...changes,
});

interface Registry {
  rdap: RdapDouble;
  whois: WhoisDouble;
  dns: DnsDouble;
}

async function startRegistry(): Promise<Registry> {
  const [rdap, whois, dns] = await Promise.all([startRdapDouble(), startWhoisDouble(), startDnsDouble()]);
  return { rdap, whois, dns };
}

const registryEnv = ({ rdap, whois, dns }: Registry) => ({
  DOMAINS_RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
  DOMAINS_DNS_SERVERS: dns.server,
  DOMAINS_WHOIS_SERVERS: `ug=${whois.host}:${whois.port}`,
  // The doubles answer in milliseconds; 800 ms was once missed with a second test run beside this one.
  DOMAINS_LOOKUP_TIMEOUT_MS: "5000",
});

/** Drives an app's domain orders the way a customer and the test-mode payment page do. */
function customer(app: () => FastifyInstance, database: () => DatabaseHandle) {
  let ip = 0;
  const place = (payload: unknown) =>
    app().inject({
      method: "POST",
      url: "/api/domains/orders",
      headers: { host: "shop.example.test" },
      payload: payload as object,
      remoteAddress: `198.51.100.${++ip % 250}`,
    });
  const view = (token: string) =>
    app()
      .inject({ method: "GET", url: `/api/domains/orders/${token}` })
      .then((r) => r.json<DomainOrderView>());
  const orderRow = async (token: string) =>
    (await database().db.select().from(domainOrders).where(eq(domainOrders.accessToken, token)))[0]!;
  async function payFor(redirectUrl: string, decision: "approve" | "decline" = "approve") {
    const url = new URL(redirectUrl);
    const response = await app().inject({
      method: "POST",
      url: `${url.pathname}/${decision}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(response.statusCode).toBe(303);
    await app().domainOrders.idle();
    return new URL(response.headers.location as string);
  }
  async function placed(changes: Partial<DomainOrderRequest> = {}) {
    const response = await place(order(changes));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<DomainOrderCreated>();
    return { created, id: (await orderRow(created.token)).id };
  }
  async function paid(changes: Partial<DomainOrderRequest> = {}) {
    const result = await placed(changes);
    await payFor(result.created.redirectUrl);
    return result;
  }
  const emailsTo = async (address: string, kind?: string) =>
    (await database().db.select().from(outboxEmails)).filter(
      (e) => e.toAddress === address && (!kind || e.kind === kind),
    );
  return { place, view, orderRow, payFor, placed, paid, emailsTo };
}

describe.each(databaseBackends())("domain orders on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let registry: Registry;
  let app: FastifyInstance;
  let adminCookie: string;
  let agentCookie: string;
  const c = customer(
    () => app,
    () => database,
  );

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    registry = await startRegistry();
    app = await testApp(database, { env: registryEnv(registry) });
    const admin = await createStaffUser(database.db, "domains-admin", "admin");
    const agent = await createStaffUser(database.db, "domains-agent", "agent");
    adminCookie = await signIn(app, admin.username, admin.password, "10.5.0.1");
    agentCookie = await signIn(app, agent.username, agent.password, "10.5.0.2");
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([registry?.rdap.close(), registry?.whois.close(), registry?.dns.close()]);
    await cleanup?.();
  });
  afterEach(() => {
    registry.rdap.names = {};
    registry.whois.names = {};
    registry.dns.names = {};
  });

  const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object, cookie = adminCookie) =>
    app.inject({ method, url, headers: asStaff(cookie), ...(payload ? { payload } : {}) });
  const move = (id: string, body: object) => admin("POST", `/api/admin/domains/orders/${id}/transition`, body);
  const detail = async (id: string) =>
    (await admin("GET", `/api/admin/domains/orders/${id}`)).json<DomainOrderDetail>();

  const refusals: [string, Partial<DomainOrderRequest> | Record<string, unknown>, string, string][] = [
    ["no domain", { domain: "" }, "domain", domainOrderMessages.domainRequired],
    ["a name with an underscore", { domain: "kigali_coffee.rw" }, "domain", domainMessages.characters],
    ["a TLD we don't sell", { domain: "kigali-coffee.xyz" }, "domain", "We don't sell names ending in .xyz."],
    ["a name without its ending", { domain: "kigali-coffee" }, "domain", domainMessages.needTld],
    [
      "an IDN where the TLD refuses them",
      { domain: "café.rw" },
      "domain",
      ".rw names can only use the letters a-z, digits and hyphens.",
    ],
    ["zero years", { years: 0 }, "years", domainOrderMessages.yearsRange],
    ["eleven years", { years: 11 }, "years", domainOrderMessages.yearsRange],
    ["half a year", { years: 1.5 }, "years", domainOrderMessages.yearsRange],
    ["US dollars", { currency: "USD" }, "currency", domainOrderMessages.currencyInvalid],
    [
      "no registrant name",
      { registrant: { ...registrant, name: " " } },
      "registrant.name",
      domainOrderMessages.nameRequired,
    ],
    [
      "a bad email",
      { registrant: { ...registrant, email: "aline@" } },
      "registrant.email",
      domainOrderMessages.emailInvalid,
    ],
    [
      "a number with letters",
      { registrant: { ...registrant, phoneNumber: "25078345678x" } },
      "registrant.phoneNumber",
      paymentMessages.phoneInvalid,
    ],
    ["a number from another country", { currency: "KES" }, "registrant.phoneNumber", paymentMessages.phonePrefix],
    [
      "a national number too short",
      { registrant: { ...registrant, phoneNumber: "78345678" } },
      "registrant.phoneNumber",
      paymentMessages.phoneMin,
    ],
    [
      "a national number too long",
      { registrant: { ...registrant, phoneNumber: "7834567890" } },
      "registrant.phoneNumber",
      paymentMessages.phoneLength,
    ],
    [
      "no address",
      { registrant: { ...registrant, address: "" } },
      "registrant.address",
      domainOrderMessages.addressRequired,
    ],
    ["no city", { registrant: { ...registrant, city: "" } }, "registrant.city", domainOrderMessages.cityRequired],
    [
      "a country that does not exist",
      { registrant: { ...registrant, country: "XX" } },
      "registrant.country",
      domainOrderMessages.countryInvalid,
    ],
    [
      "one nameserver",
      { nameservers: { mode: "custom", hosts: ["ns1.host.example"] } },
      "nameservers.hosts",
      domainOrderMessages.nameserversCount,
    ],
    [
      "five nameservers",
      { nameservers: { mode: "custom", hosts: ["a", "b", "c", "d", "e"].map((n) => `${n}.ns.example`) } },
      "nameservers.hosts",
      domainOrderMessages.nameserversCount,
    ],
    [
      "a nameserver that is not a host name",
      { nameservers: { mode: "custom", hosts: ["ns1.host.example", "ns_2"] } },
      "nameservers.hosts.1",
      domainOrderMessages.nameserverInvalid,
    ],
    [
      "a nameserver listed twice",
      { nameservers: { mode: "custom", hosts: ["ns1.host.example", "NS1.host.example."] } },
      "nameservers.hosts",
      domainOrderMessages.nameserverDuplicate,
    ],
    [
      "a nameserver mode we don't know",
      { nameservers: { mode: "theirs" } },
      "nameservers.mode",
      domainOrderMessages.nameserversCount,
    ],
    [
      "a language we don't write in",
      { language: "de" },
      "language",
      'Invalid option: expected one of "en"|"fr"|"sw"|"rw"',
    ],
  ];
  it.each([
    ["the national number, as on /payment", "RWF", "783456789", "250783456789"],
    ["the national number with its leading 0 and spaces", "RWF", "0783 456 789", "250783456789"],
    ["a Ugandan national number paid in UGX", "UGX", "772123456", "256772123456"],
    ["the full number, as older pages sent it", "KES", "+254 712 345 678", "254712345678"],
  ] as const)(
    "takes %s and pays from and registers the number pawaPay wants",
    async (_what, currency, typed, msisdn) => {
      const { created, id } = await c.placed({ currency, registrant: { ...registrant, phoneNumber: typed } });
      expect((await c.orderRow(created.token)).phoneNumber).toBe(msisdn);
      const [payment] = await database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.orderRef, id));
      expect(payment).toMatchObject({ currency, phoneNumber: msisdn });
    },
  );

  it.each(refusals)(
    "refuses %s with 400 naming the field, before asking any registry",
    async (_what, changes, field, message) => {
      const before = registry.rdap.requests.length;
      const response = await c.place(order(changes as Partial<DomainOrderRequest>));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "validation_failed", fields: { [field]: message } });
      expect(registry.rdap.requests.length).toBe(before);
    },
  );

  it("prices the order on the server from the TLD table, in the payer's currency, and emails the link", async () => {
    const prices = (await app.inject({ method: "GET", url: "/api/domains/tlds" })).json<TldPrice[]>();
    const tech = prices.find((p) => p.tld === "tech")!;
    const domain = freshName("tech");
    const response = await c.place(
      order({
        domain: domain.toUpperCase(),
        years: 3,
        language: "fr",
        nameservers: { mode: "custom", hosts: ["ns1.host.example", "NS2.Host.Example."] },
      }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json<DomainOrderCreated>();
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.reference).toMatch(/^DOM-[A-Z2-9]{6}$/);
    // The order page is in the language the customer ordered in.
    expect(created.orderUrl).toBe(`/fr/domains/order-status/${created.token}`);
    expect(created.redirectUrl).toMatch(/^https:\/\/www\.example\.test\/test-payments\//);
    // First year at the registration price, the two after it at the renewal price.
    const total = tech.register.RWF + 2 * tech.renew.RWF;
    expect(total).toBe(11_600 + 2 * 65_300);
    const seen = await c.view(created.token);
    expect(seen).toMatchObject({
      status: "pending_payment",
      canPay: true,
      domain,
      years: 3,
      nameservers: ["ns1.host.example", "ns2.host.example"],
      usesOurNameservers: false,
      quote: { currency: "RWF", firstYear: 11_600, renewal: 65_300, total },
      history: [{ status: "pending_payment", reason: null }],
    });
    const row = await c.orderRow(created.token);
    expect(row).toMatchObject({
      amount: String(total),
      currency: "RWF",
      language: "fr",
      country: "RW",
      organisation: "Uwase Coffee Ltd",
    });
    const [payment] = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderRef, row.id));
    expect(payment).toMatchObject({
      orderType: "domain",
      amount: String(total),
      currency: "RWF",
      phoneNumber: "250783456789",
    });
    // The registry was asked directly (not DNS, not a cache) just before the payment was opened.
    expect(registry.rdap.requests).toContain(`/radix/domain/${domain}`);
    const [received] = await c
      .emailsTo("aline@example.rw", "domains.received")
      .then((emails) => emails.filter((e) => e.textBody.includes(created.token)));
    // Written in the language the customer ordered in.
    expect(received?.subject).toBe(`Votre commande de domaine ${created.reference}\u00a0: en attente de paiement`);
    expect(
      (await app.inject({ method: "GET", url: "/api/domains/orders/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/domains/orders/short" })).statusCode).toBe(400);
  });

  it("uses our nameservers unless told otherwise", async () => {
    const { created } = await c.placed();
    expect(await c.view(created.token)).toMatchObject({
      usesOurNameservers: true,
      nameservers: ["ns1.kigalitech.rw", "ns2.kigalitech.rw"],
    });
  });

  it("refuses with 409 a name the registry says is taken, before any payment", async () => {
    const domain = freshName();
    registry.rdap.names[domain] = { kind: "registered" };
    const response = await c.place(order({ domain }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: "domain_taken",
      message: `The registry (RDAP) says ${domain} is registered, so we did not take a payment. Search again for another name.`,
    });
    const taken = freshName("co.ug");
    registry.whois.names[taken] = { kind: "reply", text: whoisReplies.ugFound(taken) };
    expect((await c.place(order({ domain: taken }))).json()).toMatchObject({
      error: "domain_taken",
      message: `The registry (WHOIS) says ${taken} is registered, so we did not take a payment. Search again for another name.`,
    });
    const rows = await database.db.select().from(domainOrders);
    expect(rows.some((r) => r.domainName === domain || r.domainName === taken)).toBe(false);
  });

  it("refuses with 409 when the registry gives no clear answer, and says why", async () => {
    const domain = freshName("ke");
    registry.rdap.names[domain] = { kind: "status", status: 503 };
    const response = await c.place(order({ domain }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: "availability_unknown",
      message:
        `We asked the registry (RDAP) whether ${domain} is free and got no answer we can rely on: The registry ` +
        `answered with an error. Nothing was charged; please try again in a minute.`,
    });
  });

  it("says so when no registry answered before payment, in the customer's language", async () => {
    // .org: no other test here orders it, so holding back from its registry touches nothing else.
    const slow = freshName("org");
    registry.rdap.names[slow] = { kind: "status", status: 429, retryAfter: "600" };
    expect((await c.place(order({ domain: slow }))).json()).toMatchObject({
      error: "availability_unknown",
      message: expect.stringMatching(/^We asked the registry \(RDAP\) whether .* The registry is busy\./),
    });
    const domain = freshName("org");
    const before = registry.rdap.requests.length;
    const response = await c.place(order({ domain, language: "fr" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: "availability_unknown",
      message:
        `Aucun registre n'a répondu au sujet de ${domain}, nous ne pouvons donc pas dire s'il est libre\u00a0: ` +
        `Nous n'avons pas interrogé le registre à l'instant, pour respecter la fréquence de requêtes qu'il ` +
        `accepte. Rien n'a été prélevé\u00a0; veuillez réessayer dans une minute.`,
    });
    expect(registry.rdap.requests.length).toBe(before);
    const rows = await database.db.select().from(domainOrders);
    expect(rows.some((r) => r.domainName === slow || r.domainName === domain)).toBe(false);
  });

  it("does not trust a cached or DNS-only answer: the check before payment asks the registry", async () => {
    const domain = freshName();
    // The search saw it free a moment ago (cached); it has been registered since.
    const search = await app.inject({
      method: "POST",
      url: "/api/domains/search",
      payload: { q: domain, suggestions: false },
    });
    expect(search.body).toContain(`"name":"${domain}","state":"available"`);
    registry.rdap.names[domain] = { kind: "registered" };
    expect((await c.place(order({ domain }))).statusCode).toBe(409);
  });

  it("brings the customer back from paying to the order's own page, in their language, with the payment on it", async () => {
    const { created } = await c.placed({ registrant: { ...registrant, email: "back@example.rw" }, language: "fr" });
    const returnUrl = await c.payFor(created.redirectUrl);
    const transactionId = returnUrl.searchParams.get("transactionId");
    const returned = await app.inject({ method: "GET", url: `${returnUrl.pathname}${returnUrl.search}` });
    expect(returned.headers.location).toBe(`/fr/domains/order-status/${created.token}?payment=${transactionId}`);
    const seen = await c.view(created.token);
    expect(seen.payments).toEqual([
      expect.objectContaining({ transactionId, status: "COMPLETED", providerName: "MTN MoMo" }),
    ]);
    const [receipt] = await c.emailsTo("back@example.rw", "payments.receipt");
    expect(receipt!.subject).toMatch(/^Reçu\u00a0: .* payés avec MTN MoMo$/);
  });

  it("marks the order paid when its payment completes, checks the name again, and hands it to staff", async () => {
    const { created, id } = await c.paid({ registrant: { ...registrant, email: "paid@example.rw" } });
    const seen = await c.view(created.token);
    expect(seen).toMatchObject({ status: "paid", canPay: false });
    expect(seen.history.map((s) => s.status)).toEqual(["pending_payment", "paid"]);
    const d = await detail(id);
    expect(d).toMatchObject({
      status: "paid",
      registrar: "manual",
      recheck: { state: "available" },
      nextStatuses: ["registered", "needs_refund"],
    });
    expect(d.events.map((e) => (e.kind === "note" ? "note" : e.toStatus))).toEqual([
      "pending_payment",
      "paid",
      "note",
      "note",
    ]);
    expect(d.events[2]?.body).toBe("Checked again after payment: still available (RDAP).");
    // The manual registrar's one step waits for staff.
    expect(d.fulfilment).toEqual({
      fulfiller: "manual",
      canRetry: false,
      canRefund: false,
      steps: [
        expect.objectContaining({
          fulfiller: "manual",
          action: "register",
          status: "manual",
          answer: "Staff asked to register the name at the registry.",
          actor: null,
        }),
      ],
    });
    expect((await c.emailsTo("paid@example.rw")).map((e) => e.kind).sort()).toEqual([
      "domains.paid",
      "domains.received",
      "payments.receipt",
    ]);
    const staff = (await c.emailsTo("sales@example.test", "domains.staffRegister")).filter((e) =>
      e.subject.includes(created.reference),
    );
    expect(staff).toHaveLength(1);
    expect(staff[0]!.textBody).toContain(`/admin/domains/orders/${id}`);
    expect(staff[0]!.textBody).toContain("Nameservers: ns1.kigalitech.rw, ns2.kigalitech.rw");
    // The dashboard counts it among the orders staff still have to fulfil.
    expect(
      (await admin("GET", "/api/admin/overview")).json<{ pendingOrders: number }>().pendingOrders,
    ).toBeGreaterThanOrEqual(1);
    // The job that catches up after a restart finds nothing left to do.
    expect(await app.domainOrders.recheckDue(new Date(Date.now() + 120_000))).toBe(0);
  });

  it("sends the order to needs_refund when the name was taken between payment and registration, then refunds it", async () => {
    const domain = freshName();
    const { created, id } = await c.placed({ domain, registrant: { ...registrant, email: "lost@example.rw" } });
    registry.rdap.names[domain] = { kind: "registered" };
    await c.payFor(created.redirectUrl);
    const seen = await c.view(created.token);
    expect(seen.status).toBe("needs_refund");
    expect(seen.history.map((s) => s.status)).toEqual(["pending_payment", "paid", "needs_refund"]);
    const d = await detail(id);
    expect(d).toMatchObject({ recheck: { state: "registered" }, nextStatuses: ["refunded"] });
    expect(d.events.at(-1)).toMatchObject({
      fromStatus: "paid",
      toStatus: "needs_refund",
      actor: null,
      body: expect.stringContaining("Refund the customer"),
    });
    const lost = await c.emailsTo("lost@example.rw", "domains.needs_refund");
    expect(lost[0]?.textBody).toContain("was registered by someone else between your payment and our registration");
    expect(
      (await c.emailsTo("sales@example.test", "domains.staffRefund")).some((e) =>
        e.subject.includes(created.reference),
      ),
    ).toBe(true);
    // It can't be registered any more; it can only be refunded.
    expect((await move(id, { to: "registered" })).statusCode).toBe(409);
    const refunded = await move(id, { to: "refunded", reason: "Sent back by MTN MoMo, reference 88412" });
    expect(refunded.json<DomainOrderDetail>()).toMatchObject({ status: "refunded", nextStatuses: [] });
    expect(refunded.json<DomainOrderDetail>().refundedAt).not.toBeNull();
    const after = await c.view(created.token);
    expect(after.history.at(-1)).toMatchObject({
      status: "refunded",
      reason: "Sent back by MTN MoMo, reference 88412",
    });
    expect((await c.emailsTo("lost@example.rw", "domains.refunded"))[0]?.textBody).toContain(
      "Sent back by MTN MoMo, reference 88412",
    );
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => [a.action, (a.details as { to: string }).to])).toEqual([
      ["domain.order.status", "refunded"],
    ]);
  });

  it("lets staff mark a paid order registered with the registry's reference and expiry, and tells the customer", async () => {
    const { created, id } = await c.paid({ years: 2, registrant: { ...registrant, email: "done@example.rw" } });
    const bad = await move(id, { to: "registered", expiresAt: "2020-01-01" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ expiresAt: domainAdminMessages.expiryInvalid });
    const expiry = `${new Date().getUTCFullYear() + 2}-06-30`;
    const registered = (
      await move(id, { to: "registered", registryReference: "D123456-RW", expiresAt: expiry })
    ).json<DomainOrderDetail>();
    expect(registered).toMatchObject({
      status: "registered",
      registryReference: "D123456-RW",
      expiresAt: `${expiry}T00:00:00.000Z`,
      nextStatuses: [],
    });
    expect(await c.view(created.token)).toMatchObject({ status: "registered", expiresAt: `${expiry}T00:00:00.000Z` });
    const email = (await c.emailsTo("done@example.rw", "domains.registered"))[0]!;
    expect(email.textBody).toContain(`registered in your name until ${expiry}`);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit[0]).toMatchObject({
      action: "domain.order.status",
      actorUsername: "domains-admin",
      details: { from: "paid", to: "registered", registryReference: "D123456-RW" },
    });
    expect(registered.fulfilment.steps.map((step) => [step.action, step.status, step.actor])).toEqual([
      ["register", "manual", null],
      ["register", "succeeded", "domains-admin"],
    ]);
    expect(registered.fulfilment.steps[1]?.answer).toBe("Registered by staff at the registry (reference D123456-RW).");
    for (const to of ["paid", "pending_payment", "needs_refund", "refunded", "cancelled"])
      expect((await move(id, { to })).statusCode).toBe(409);
    // Without an expiry date, the years bought run from today.
    const other = await c.paid({ years: 3 });
    const row = (await move(other.id, { to: "registered" })).json<DomainOrderDetail>();
    expect(new Date(row.expiresAt!).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 3);
  });

  it("never lets staff mark an order paid, cancels an unpaid one, and flags a late payment for refund", async () => {
    const { created, id } = await c.placed({ registrant: { ...registrant, email: "late@example.rw" } });
    expect((await detail(id)).nextStatuses).toEqual(["cancelled"]);
    expect((await move(id, { to: "paid" })).statusCode).toBe(409);
    expect((await move(id, { to: "cancelled", reason: "Customer asked" })).json<DomainOrderDetail>().status).toBe(
      "cancelled",
    );
    expect((await c.emailsTo("late@example.rw", "domains.cancelled"))[0]?.textBody).toContain("Customer asked");
    await c.payFor(created.redirectUrl);
    expect((await c.view(created.token)).status).toBe("cancelled");
    expect((await detail(id)).events.at(-1)).toMatchObject({
      kind: "note",
      body: expect.stringContaining("refund it"),
    });
    expect(
      (await c.emailsTo("sales@example.test", "domains.staffRefund")).some((e) =>
        e.subject.includes(created.reference),
      ),
    ).toBe(true);
  });

  it("keeps a declined payment's order waiting, and checks the name again before another payment", async () => {
    const domain = freshName();
    const { created } = await c.placed({ domain });
    await c.payFor(created.redirectUrl, "decline");
    expect(await c.view(created.token)).toMatchObject({ status: "pending_payment", canPay: true });
    const again = await app.inject({
      method: "POST",
      url: `/api/domains/orders/${created.token}/payment`,
      headers: { host: "shop.example.test" },
    });
    expect(again.statusCode).toBe(200);
    registry.rdap.names[domain] = { kind: "registered" };
    const refused = await app.inject({ method: "POST", url: `/api/domains/orders/${created.token}/payment` });
    expect(refused.json()).toMatchObject({ error: "domain_taken" });
    delete registry.rdap.names[domain];
    await c.payFor(again.json<{ redirectUrl: string }>().redirectUrl);
    expect((await c.view(created.token)).status).toBe("paid");
    expect((await app.inject({ method: "POST", url: `/api/domains/orders/${created.token}/payment` })).statusCode).toBe(
      409,
    );
  });

  it("runs the after-payment check later for an order whose check never ran (a restart in between)", async () => {
    const { created, id } = await c.placed();
    await database.db
      .update(domainOrders)
      .set({ status: "paid", paidAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(domainOrders.id, id));
    expect(await app.domainOrders.recheckDue()).toBeGreaterThanOrEqual(1);
    expect(await detail(id)).toMatchObject({ status: "paid", recheck: { state: "available" }, registrar: "manual" });
    expect((await c.view(created.token)).status).toBe("paid");
  });

  it("keeps notes for staff only, lists orders by state and finds them by name, email or reference", async () => {
    const domain = freshName("co.rw");
    const { created, id } = await c.paid({ domain, registrant: { ...registrant, email: "findme@example.rw" } });
    expect(
      (await admin("POST", `/api/admin/domains/orders/${id}/notes`, { body: "Called RICTA, pending." })).statusCode,
    ).toBe(201);
    expect((await detail(id)).events.at(-1)).toMatchObject({
      kind: "note",
      body: "Called RICTA, pending.",
      actor: "domains-admin",
    });
    expect(JSON.stringify(await c.view(created.token))).not.toContain("RICTA");
    const paidList = (await admin("GET", "/api/admin/domains/orders?status=paid")).json<DomainOrderPage>();
    expect(paidList.items.length).toBeGreaterThan(0);
    expect(paidList.items.every((o) => o.status === "paid")).toBe(true);
    expect(paidList.counts.paid).toBeGreaterThanOrEqual(1);
    for (const q of [domain, "FINDME@example", created.reference]) {
      const found = (
        await admin("GET", `/api/admin/domains/orders?q=${encodeURIComponent(q)}`)
      ).json<DomainOrderPage>();
      expect(
        found.items.map((o) => o.id),
        q,
      ).toEqual([id]);
    }
    expect((await admin("GET", "/api/admin/domains/orders?q=%25")).json<DomainOrderPage>().items).toEqual([]);
    expect((await admin("GET", "/api/admin/domains/orders/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("lets admins change a TLD's prices and the exchange rates, which search and new orders use at once", async () => {
    const sheet = (await admin("GET", "/api/admin/domains/prices")).json<DomainPriceSheet>();
    expect(sheet.tlds.find((t) => t.tld === "rw")).toMatchObject({
      usd: { register: 14, renew: 14, transfer: 14 },
      register: { RWF: 20_300 },
      changed: false,
    });
    const changed = await admin("PUT", "/api/admin/domains/prices/rw", { register: 20, renew: 22.5, transfer: 18 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<DomainPriceSheet>().tlds.find((t) => t.tld === "rw")).toMatchObject({
      usd: { register: 20, renew: 22.5, transfer: 18 },
      register: { RWF: 29_000, USD: 20 },
      renew: { RWF: 32_700 },
      changed: true,
      updatedBy: "domains-admin",
    });
    const tlds = (await app.inject({ method: "GET", url: "/api/domains/tlds" })).json<TldPrice[]>();
    expect(tlds.find((t) => t.tld === "rw")).toMatchObject({ register: { RWF: 29_000 }, renew: { RWF: 32_700 } });
    const search = await app.inject({
      method: "POST",
      url: "/api/domains/search",
      payload: { q: "pricecheck.rw", suggestions: false },
    });
    expect(search.body.split("\n")[0]).toContain('"tld":"rw","idn":false,"register":{"RWF":29000');
    const { created } = await c.placed({ years: 2 });
    expect((await c.view(created.token)).quote).toMatchObject({ firstYear: 29_000, renewal: 32_700, total: 61_700 });

    const rate = await admin("PUT", "/api/admin/domains/rates/RWF", { perUsd: 1500 });
    expect(rate.json<DomainPriceSheet>().rates.find((r) => r.code === "RWF")).toMatchObject({
      perUsd: 1500,
      changed: true,
    });
    expect(
      (await app.inject({ method: "GET", url: "/api/domains/tlds" })).json<TldPrice[]>().find((t) => t.tld === "rw")
        ?.register.RWF,
    ).toBe(30_000);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.actorUsername, "domains-admin"));
    expect(audit.find((a) => a.action === "domain.price.update")).toMatchObject({
      targetId: "rw",
      details: { before: { register: 14 }, after: { register: 20 }, currency: "USD" },
    });
    expect(audit.find((a) => a.action === "domain.rate.update")).toMatchObject({
      targetId: "RWF",
      details: { before: 1450, after: 1500 },
    });

    const refusedPrice = await admin("PUT", "/api/admin/domains/prices/rw", { register: 0, renew: 1, transfer: 1.234 });
    expect(refusedPrice.statusCode).toBe(400);
    expect(refusedPrice.json().fields).toMatchObject({
      register: domainAdminMessages.priceInvalid,
      transfer: domainAdminMessages.priceInvalid,
    });
    expect(
      (await admin("PUT", "/api/admin/domains/prices/xyz", { register: 1, renew: 1, transfer: 1 })).statusCode,
    ).toBe(404);
    expect((await admin("PUT", "/api/admin/domains/rates/USD", { perUsd: 2 })).statusCode).toBe(400);
    expect((await admin("PUT", "/api/admin/domains/rates/RWF", { perUsd: 0 })).json().fields).toEqual({
      perUsd: domainAdminMessages.rateInvalid,
    });
    // Back to the seed prices for the other tests.
    await admin("PUT", "/api/admin/domains/prices/rw", { register: 14, renew: 14, transfer: 14 });
    await admin("PUT", "/api/admin/domains/rates/RWF", { perUsd: 1450 });
  });

  it("renews a registered name through the manual registrar: staff are asked once, then record the new expiry", async () => {
    const seen: { orderId: string; renewalId: string; expiresAt: Date }[] = [];
    app.domainOrders.onRenewed(async (_tx, event) => {
      seen.push(event);
    });
    const { id } = await c.paid({ registrant: { ...registrant, email: "renew@example.rw" } });
    const renewal = { orderId: id, renewalId: "REN-TEST-1", years: 2 };
    // Only a registered name with an expiry can be renewed.
    await expect(app.domainOrders.renew(renewal)).rejects.toMatchObject({ code: "not_registered", status: 409 });
    const expiry = `${new Date().getUTCFullYear() + 1}-03-31`;
    await move(id, { to: "registered", registryReference: "D-RENEW", expiresAt: expiry });
    // Nothing waits for staff yet.
    const early = await admin("POST", `/api/admin/domains/orders/${id}/renewal`, { expiresAt: `${expiry}` });
    expect(early.statusCode).toBe(409);

    expect(await app.domainOrders.renew(renewal)).toEqual({ kind: "manual" });
    // Asked again with the same renewal (a retry by the caller): staff are not asked twice.
    expect(await app.domainOrders.renew(renewal)).toEqual({ kind: "manual" });
    const asked = (await c.emailsTo("sales@example.test", "domains.staffRenew")).filter((e) =>
      e.textBody.includes(`/admin/domains/orders/${id}`),
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]!.subject).toContain("for 2 year(s)");
    expect(asked[0]!.textBody).toContain(`It runs out on ${expiry}`);
    const waiting = await detail(id);
    expect(waiting.renewalWaiting).toMatchObject({ years: 2 });
    expect(waiting.fulfilment.steps.at(-1)).toMatchObject({ action: "renew", status: "manual", fulfiller: "manual" });
    expect(seen).toEqual([]);

    const bad = await admin("POST", `/api/admin/domains/orders/${id}/renewal`, { expiresAt: "2001-01-01" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ expiresAt: domainAdminMessages.expiryInvalid });
    const renewedTo = `${new Date().getUTCFullYear() + 3}-03-31`;
    const done = await admin("POST", `/api/admin/domains/orders/${id}/renewal`, { expiresAt: renewedTo });
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json<DomainOrderDetail>();
    expect(after).toMatchObject({
      expiresAt: `${renewedTo}T00:00:00.000Z`,
      renewalWaiting: null,
      status: "registered",
    });
    expect(after.fulfilment.steps.at(-1)).toMatchObject({
      action: "renew",
      status: "succeeded",
      actor: "domains-admin",
      answer: `Renewed by staff at the registry: runs out on ${renewedTo}.`,
    });
    expect(seen).toEqual([{ orderId: id, renewalId: "REN-TEST-1", expiresAt: new Date(`${renewedTo}T00:00:00Z`) }]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.at(-1)).toMatchObject({
      action: "domain.order.renewed",
      actorUsername: "domains-admin",
      details: { from: expiry, to: renewedTo, reference: expect.any(String) },
    });
    // Done once: recording it again finds nothing waiting.
    expect((await admin("POST", `/api/admin/domains/orders/${id}/renewal`, { expiresAt: renewedTo })).statusCode).toBe(
      409,
    );
  });

  it("keeps every admin Domains call to signed-in admins", async () => {
    const { id } = await c.placed();
    const calls: ["GET" | "POST" | "PUT", string, object?][] = [
      ["GET", "/api/admin/domains/orders"],
      ["GET", `/api/admin/domains/orders/${id}`],
      ["POST", `/api/admin/domains/orders/${id}/transition`, { to: "cancelled" }],
      ["POST", `/api/admin/domains/orders/${id}/notes`, { body: "hi" }],
      ["POST", `/api/admin/domains/orders/${id}/renewal`, { expiresAt: "2099-01-01" }],
      ["GET", "/api/admin/domains/prices"],
      ["PUT", "/api/admin/domains/prices/rw", { register: 1, renew: 1, transfer: 1 }],
      ["PUT", "/api/admin/domains/rates/RWF", { perUsd: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      expect(
        (await app.inject({ method, url, headers: { origin: SITE_ORIGIN }, ...(payload ? { payload } : {}) }))
          .statusCode,
        `${method} ${url} signed out`,
      ).toBe(401);
      expect((await admin(method, url, payload, agentCookie)).statusCode, `${method} ${url} as agent`).toBe(403);
    }
    expect((await detail(id)).status).toBe("pending_payment");
  });
});

describe("domain orders with a registrar that registers by itself", () => {
  const requests: RegistrationRequest[] = [];
  let answer: "registered" | "taken" | "fail" = "registered";
  const registrar: Registrar = {
    name: "epp-double",
    async register(request, { steps }) {
      requests.push(request);
      const step = await steps.start("domain:create");
      if (answer === "fail") {
        await step.fail("registry unavailable");
        throw new Error("registry unavailable");
      }
      if (answer === "registered") await step.succeed("1000 Command completed successfully");
      else await step.fail("2302 Object exists");
      return answer === "registered"
        ? { kind: "registered", registryReference: `ROID-${request.reference}`, expiresAt: null }
        : { kind: "taken" };
    },
    async renew(request, { steps }) {
      const expiresAt = new Date(request.currentExpiry);
      expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + request.years);
      await (await steps.start("domain:renew")).succeed("1000 Command completed successfully");
      return { kind: "renewed", expiresAt };
    },
  };
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let registry: Registry;
  let app: FastifyInstance;
  const c = customer(
    () => app,
    () => database,
  );

  beforeAll(async () => {
    ({ database, cleanup } = await databaseBackends()[0]!.open());
    registry = await startRegistry();
    app = await testApp(database, { env: registryEnv(registry), domains: { registrar } });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([registry?.rdap.close(), registry?.whois.close(), registry?.dns.close()]);
    await cleanup?.();
  });

  it("goes from paid to registered without staff, with the customer's nameservers and contact", async () => {
    answer = "registered";
    const domain = freshName("com");
    const { created } = await c.paid({
      domain,
      years: 2,
      nameservers: { mode: "custom", hosts: ["ns1.host.example", "ns2.host.example"] },
    });
    expect(await c.view(created.token)).toMatchObject({ status: "registered" });
    expect(requests.at(-1)).toMatchObject({
      domain,
      years: 2,
      nameservers: ["ns1.host.example", "ns2.host.example"],
      registrant: { name: "Aline Uwase", country: "RW" },
    });
    const row = await c.orderRow(created.token);
    expect(row).toMatchObject({ registrar: "epp-double", registryReference: `ROID-${created.reference}` });
    expect(row.expiresAt!.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 2);
    expect((await c.view(created.token)).history.at(-1)).toMatchObject({ status: "registered", reason: null });
    expect((await c.emailsTo("aline@example.rw", "domains.registered")).length).toBe(1);
    // A renewal by a registrar that renews by itself moves the expiry at once.
    const before = row.expiresAt!;
    const result = await app.domainOrders.renew({ orderId: row.id, renewalId: "REN-AUTO-1", years: 1 });
    expect(result.kind).toBe("renewed");
    const renewed = await c.orderRow(created.token);
    expect(renewed.expiresAt!.getUTCFullYear()).toBe(before.getUTCFullYear() + 1);
  });

  it("waits for its refund when the registrar finds the name taken, and stays paid for staff when it fails", async () => {
    answer = "taken";
    const taken = await c.paid();
    expect((await c.view(taken.created.token)).status).toBe("needs_refund");
    answer = "fail";
    const failed = await c.paid();
    expect((await c.view(failed.created.token)).status).toBe("paid");
    const events = (await database.db.select().from(domainOrders).where(eq(domainOrders.id, failed.id)))[0];
    expect(events?.recheckState).toBe("available");
  });
});
