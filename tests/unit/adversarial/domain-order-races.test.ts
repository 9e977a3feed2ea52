import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainOrderCreated, DomainOrderRequest } from "#contracts/domain-orders.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { auditLog, orderSteps } from "#server/db/schema.ts";
import { domainOrderEvents, domainOrders } from "#server/modules/domains/domains-schema.ts";
import { outboxEmails } from "#server/modules/notifications/notifications-schema.ts";
import { paymentTransactions } from "#server/modules/payments/payments-schema.ts";
import { startDnsDouble, type DnsDouble } from "../../doubles/dns-server.ts";
import { startRdapDouble, type RdapDouble } from "../../doubles/rdap-server.ts";
import { startWhoisDouble, type WhoisDouble } from "../../doubles/whois-server.ts";
import { asStaff, createStaffUser, signIn } from "../../support/admin.ts";
import { databaseBackends } from "../../support/databases.ts";
import { testApp } from "../../support/test-app.ts";

/**
 * Issue 16's race test for domain orders: every state change of one order happens at most once,
 * under 50 parallel requests, whoever sends them (staff moving it, payments completing, both at
 * once). tests/unit/adversarial/at-most-once.test.ts does the same for VPS orders.
 */
const PARALLEL = 50;

const count = <T>(items: T[], value: T) => items.filter((item) => item === value).length;

describe.each(databaseBackends())("domain order state changes under 50 parallel requests, on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let registry: { rdap: RdapDouble; whois: WhoisDouble; dns: DnsDouble };
  let app: FastifyInstance;
  let adminCookies: string[] = [];
  let ip = 0;
  let names = 0;
  const nextIp = () => `198.51.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    const [rdap, whois, dns] = await Promise.all([startRdapDouble(), startWhoisDouble(), startDnsDouble()]);
    registry = { rdap, whois, dns };
    // Names the registry doubles do not list are available; nothing here is ever registered there.
    app = await testApp(database, {
      env: {
        DOMAINS_RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
        DOMAINS_DNS_SERVERS: dns.server,
        DOMAINS_WHOIS_SERVERS: `ug=${whois.host}:${whois.port}`,
        // The doubles always answer; a loaded machine must not turn 50 parallel requests into timeouts.
        DOMAINS_LOOKUP_TIMEOUT_MS: "5000",
      },
    });
    // Several members of staff at once, as a real race would have them.
    for (let i = 0; i < 5; i++) {
      const admin = await createStaffUser(database.db, `domain-race-${i}`, "admin");
      adminCookies.push(await signIn(app, admin.username, admin.password, `10.61.0.${i + 1}`));
    }
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([registry?.rdap.close(), registry?.whois.close(), registry?.dns.close()]);
    await cleanup?.();
    adminCookies = [];
  });

  const transition = (i: number, id: string, payload: object) =>
    app.inject({
      method: "POST",
      url: `/api/admin/domains/orders/${id}/transition`,
      headers: asStaff(adminCookies[i % adminCookies.length]!),
      remoteAddress: nextIp(),
      payload,
    });
  /** The test-mode payment page's button, as the payer's phone answers it. */
  const approve = (redirectUrl: string) =>
    app.inject({
      method: "POST",
      url: `${new URL(redirectUrl).pathname}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
      remoteAddress: nextIp(),
    });

  async function placed(email: string) {
    const request: DomainOrderRequest = {
      domain: `race-${++names}-${Date.now()}.rw`,
      years: 1,
      currency: "RWF",
      registrant: {
        name: "Aline Uwase",
        email,
        phoneNumber: "250783456789",
        address: "KG 7 Ave 12",
        city: "Kigali",
        country: "RW",
      },
    };
    const response = await app.inject({
      method: "POST",
      url: "/api/domains/orders",
      payload: request,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<DomainOrderCreated>();
    const [row] = await database.db.select().from(domainOrders).where(eq(domainOrders.accessToken, created.token));
    return { created, id: row!.id };
  }
  const orderRow = async (id: string) =>
    (await database.db.select().from(domainOrders).where(eq(domainOrders.id, id)))[0]!;
  const events = (id: string) => database.db.select().from(domainOrderEvents).where(eq(domainOrderEvents.orderId, id));
  const emails = async (kind: string, text: string) =>
    (await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind))).filter(
      (e) => e.toAddress === text || e.subject.includes(text),
    );

  it(`takes one of ${PARALLEL} parallel conflicting staff changes to a paid order, from five admins`, async () => {
    const email = "race-staff@example.rw";
    const { created, id } = await placed(email);
    expect((await approve(created.redirectUrl)).statusCode).toBe(303);
    await app.domainOrders.idle();
    expect((await orderRow(id)).status).toBe("paid");

    // Half mark it registered (each with its own registry reference), half send it for a refund.
    const requests = Array.from({ length: PARALLEL }, (_, i) =>
      i % 2 === 0
        ? { to: "registered", registryReference: `D${i}-RW` }
        : { to: "needs_refund", reason: `The registry refused it (${i})` },
    );
    const answers = await Promise.all(requests.map((payload, i) => transition(i, id, payload)));
    const codes = answers.map((a) => a.statusCode);
    expect(count(codes, 200)).toBe(1);
    expect(count(codes, 409)).toBe(PARALLEL - 1);
    const winner = requests[codes.indexOf(200)]!;

    const row = await orderRow(id);
    expect(row.status).toBe(winner.to);
    const moves = (await events(id)).filter((e) => e.kind === "status" && e.fromStatus === "paid");
    expect(moves).toEqual([expect.objectContaining({ toStatus: winner.to })]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "domain.order.status"), eq(auditLog.targetId, id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ from: "paid", to: winner.to });
    // The customer hears of the one change that happened, once.
    expect(await emails("domains.registered", email)).toHaveLength(winner.to === "registered" ? 1 : 0);
    expect(await emails("domains.needs_refund", email)).toHaveLength(winner.to === "needs_refund" ? 1 : 0);
    const done = await database.db
      .select()
      .from(orderSteps)
      .where(and(eq(orderSteps.orderId, id), eq(orderSteps.status, "succeeded")));
    if (winner.to === "registered") {
      expect(row.registryReference).toBe(winner.registryReference);
      expect(done).toHaveLength(1);
    } else {
      expect(row.registryReference).toBeNull();
      expect(done).toEqual([]);
    }
  });

  it(`either cancels an unpaid order or takes its payment, never both, under ${PARALLEL} parallel requests`, async () => {
    const email = "race-cancel@example.rw";
    const { created, id } = await placed(email);
    // Staff cancel it while the payer approves on the phone (the page's button pressed ten times).
    const isApproval = (i: number) => i % 5 === 0;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        isApproval(i) ? approve(created.redirectUrl) : transition(i, id, { to: "cancelled", reason: `Asked (${i})` }),
      ),
    );
    await app.domainOrders.idle();
    const approvals = answers.filter((_, i) => isApproval(i)).map((a) => a.statusCode);
    const cancels = answers.filter((_, i) => !isApproval(i)).map((a) => a.statusCode);
    // The payment itself completes once, whatever happened to the order.
    expect(count(approvals, 303)).toBe(1);
    expect(count(approvals, 410)).toBe(approvals.length - 1);
    const [payment] = await database.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderRef, id));
    expect(payment!.status).toBe("COMPLETED");

    const row = await orderRow(id);
    const history = await events(id);
    const moves = history.filter((e) => e.kind === "status" && e.fromStatus === "pending_payment");
    expect(moves).toEqual([expect.objectContaining({ toStatus: row.status })]);
    const late = history.filter((e) => e.kind === "note" && e.body?.includes(payment!.id));
    const refundAsked = await emails("domains.staffRefund", row.reference);
    if (row.status === "cancelled") {
      // Cancelled first: one cancel won, and the payment that came after waits for staff to refund it.
      expect(count(cancels, 200)).toBe(1);
      expect(count(cancels, 409)).toBe(cancels.length - 1);
      expect(await emails("domains.cancelled", email)).toHaveLength(1);
      expect(await emails("domains.paid", email)).toEqual([]);
      expect(late).toHaveLength(1);
      expect(refundAsked).toHaveLength(1);
    } else {
      // Paid first: no cancel went through, and nothing needs refunding.
      expect(row.status).toBe("paid");
      expect(count(cancels, 409)).toBe(cancels.length);
      expect(await emails("domains.paid", email)).toHaveLength(1);
      expect(await emails("domains.cancelled", email)).toEqual([]);
      expect(late).toEqual([]);
      expect(refundAsked).toEqual([]);
    }
  });

  it(`marks an order paid once when two of its payments complete together (${PARALLEL} parallel approvals)`, async () => {
    const email = "race-twice@example.rw";
    const { created, id } = await placed(email);
    // The customer opened a second payment page for the same order and approved both.
    const again = await app.inject({
      method: "POST",
      url: `/api/domains/orders/${created.token}/payment`,
      remoteAddress: nextIp(),
    });
    expect(again.statusCode, again.body).toBe(200);
    const pages = [created.redirectUrl, again.json<{ redirectUrl: string }>().redirectUrl];
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => approve(pages[i % 2]!)));
    await app.domainOrders.idle();
    expect(
      count(
        answers.map((a) => a.statusCode),
        303,
      ),
    ).toBe(2);

    const payments = await database.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderRef, id));
    expect(payments.map((p) => p.status)).toEqual(["COMPLETED", "COMPLETED"]);
    const row = await orderRow(id);
    expect(row.status).toBe("paid");
    const history = await events(id);
    expect(history.filter((e) => e.kind === "status" && e.toStatus === "paid")).toHaveLength(1);
    // The payment that lost is recorded once for staff to refund, and the customer is told once.
    const loser = payments.find((p) => p.id !== row.paymentTransactionId)!;
    expect(history.filter((e) => e.kind === "note" && e.body?.includes(loser.id))).toHaveLength(1);
    expect(await emails("domains.staffRefund", row.reference)).toHaveLength(1);
    expect(await emails("domains.paid", email)).toHaveLength(1);
  });
});
