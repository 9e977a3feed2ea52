import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { VpsOrderDetail } from "#contracts/vps-admin.ts";
import type { VpsOrderCreated, VpsOrderRequest } from "#contracts/vps.ts";
import { startPawapaySimulator, type PawapaySimulator } from "../../../tests/doubles/pawapay-simulator.ts";
import { asStaff, createStaffUser, signIn } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { vpsOrders } from "../vps/vps-schema.ts";
import { paymentEvents, paymentTransactions } from "./payments-schema.ts";

const order = (changes: Partial<VpsOrderRequest> = {}): VpsOrderRequest => ({
  planId: "standard",
  locationId: "kigali",
  imageId: "ubuntu-24.04",
  periodMonths: 1,
  addons: { backups: false, extraIpv4: 0, managedSupport: false },
  currency: "RWF",
  hostname: "refund-me.example.rw",
  accessMethod: "password",
  name: "Aline Uwase",
  email: "aline@example.rw",
  phoneNumber: "250783456789",
  ...changes,
});

/**
 * Refunds through pawaPay's refunds API (the loopback simulator): staff approve the refund of an
 * order that waits for one, it goes out under its own id, its signed callback is verified, its
 * status never moves backwards, and the order ends refunded with the customer told.
 */
describe.each(databaseBackends())("refunds through pawaPay (simulator) on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let sim: PawapaySimulator;
  let adminCookie: string;
  let callbackTarget: string;
  let ip = 0;
  let emailCounter = 0;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    sim = await startPawapaySimulator({ finalDelayMs: 5 });
    app = await testApp(database, {
      env: {
        PAWAPAY_API_TOKEN: sim.token,
        PAWAPAY_BASE_URL: sim.url,
        PAWAPAY_TIMEOUT_MS: "1000",
        PAYMENTS_RECONCILE_INTERVAL_MS: "3600000",
      },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as AddressInfo).port;
    callbackTarget = `http://127.0.0.1:${port}/api/payments/callback`;
    sim.callbackUrl = { deposit: callbackTarget, payout: callbackTarget, refund: callbackTarget };
    const admin = await createStaffUser(database.db, "refund-admin", "admin");
    adminCookie = await signIn(app, admin.username, admin.password, "10.7.0.1");
  });
  afterAll(async () => {
    await sim?.idle();
    await app?.close();
    await sim?.close();
    await cleanup?.();
  });
  beforeEach(() => {
    sim.faults = {};
  });

  const admin = (method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({ method, url, headers: asStaff(adminCookie), ...(payload ? { payload } : {}) });
  const detail = async (id: string) => (await admin("GET", `/api/admin/vps/orders/${id}`)).json<VpsOrderDetail>();
  const refundsOf = (depositId: string) =>
    database.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.kind, "refund"), eq(paymentTransactions.refundOf, depositId)));
  const emails = async (to: string, kind: string) =>
    (await database.db.select().from(outboxEmails)).filter((e) => e.toAddress === to && e.kind === kind);

  /** A VPS order paid on pawaPay's page, then marked failed by staff: it waits for its refund. */
  async function failedOrder(changes: Partial<VpsOrderRequest> = {}) {
    const email = `refund-${++emailCounter}@example.rw`;
    const placed = await app.inject({
      method: "POST",
      url: "/api/vps/orders",
      headers: { host: "shop.example.test" },
      payload: order({ email, ...changes }),
      remoteAddress: `198.51.100.${++ip % 250}`,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const created = placed.json<VpsOrderCreated>();
    const token = new URL(created.redirectUrl).searchParams.get("token");
    const paid = await fetch(`${sim.url}/pay/confirm?token=${token}`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(302);
    await sim.idle();
    const [row] = await database.db.select().from(vpsOrders).where(eq(vpsOrders.accessToken, created.token));
    expect(row!.status).toBe("paid");
    const failed = await admin("POST", `/api/admin/vps/orders/${row!.id}/transition`, {
      to: "failed",
      reason: "The cluster has no room",
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json<VpsOrderDetail>().fulfilment.canRefund).toBe(true);
    return { id: row!.id, depositId: row!.paymentTransactionId!, email };
  }

  const approve = (id: string) => admin("POST", `/api/admin/vps/orders/${id}/refund`);

  it("sends the refund under its own id when staff approve, then marks the order refunded and tells the customer", async () => {
    const { id, depositId, email } = await failedOrder();
    const approved = await approve(id);
    expect(approved.statusCode, approved.body).toBe(200);
    const [refund] = await refundsOf(depositId);
    expect(refund).toMatchObject({ kind: "refund", refundOf: depositId, amount: expect.any(String), mode: "live" });
    expect(refund!.id).not.toBe(depositId);
    // pawaPay got exactly this refund id for exactly this deposit.
    const sent = sim.payments.get(refund!.id)!;
    expect(sent).toMatchObject({ kind: "refund", depositId, phoneNumber: "250783456789" });
    await sim.idle();
    const d = await detail(id);
    expect(d.status).toBe("refunded");
    expect(d.fulfilment.canRefund).toBe(false);
    const step = d.fulfilment.steps.at(-1)!;
    expect(step).toMatchObject({ fulfiller: "pawapay", action: "refund", status: "succeeded", actor: "refund-admin" });
    expect(step.answer).toMatch(/^COMPLETED SIM\d+$/);
    expect(step.finishedAt).not.toBeNull();
    expect((await refundsOf(depositId))[0]).toMatchObject({ status: "COMPLETED", providerStatus: "COMPLETED" });
    // The customer hears of it once; staff approval and pawaPay's answer are both in the audit log.
    expect(await emails(email, "vps.refunded")).toHaveLength(1);
    const audits = await database.db.select().from(auditLog);
    expect(audits.find((a) => a.action === "vps.order.refund" && a.targetId === id)).toMatchObject({
      actorUsername: "refund-admin",
    });
    expect(audits.find((a) => a.action === "payment.refund.completed" && a.targetId === refund!.id)).toMatchObject({
      actorUsername: "pawapay",
      details: expect.objectContaining({ depositId, orderType: "vps", orderRef: id }),
    });
    // Nothing is left to refund.
    const again = await approve(id);
    expect(again.statusCode).toBe(409);
  });

  it("applies duplicate, stale and resent callbacks once, and never moves a completed refund back", async () => {
    const { id, depositId, email } = await failedOrder();
    sim.faults.callbackCopies = 3;
    sim.faults.staleCallbackAfterFinal = true;
    expect((await approve(id)).statusCode).toBe(200);
    await sim.idle();
    const [refund] = await refundsOf(depositId);
    expect(refund!.status).toBe("COMPLETED");
    const delivered = sim.callbacks.filter((c) => c.id === refund!.id);
    expect(delivered.filter((c) => c.status === "COMPLETED" && c.httpStatus === 200)).toHaveLength(3);
    expect(delivered.some((c) => c.status === "PROCESSING")).toBe(true);
    // pawaPay sends it once more when asked (a late copy).
    const resend = await fetch(`${sim.url}/v2/refunds/resend-callback/${refund!.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${sim.token}` },
    });
    expect((await resend.json()) as object).toMatchObject({ status: "ACCEPTED" });
    await sim.idle();
    // A correctly signed but late FAILED for the same refund (out of order): received, not applied.
    const late = Buffer.from(
      JSON.stringify({
        refundId: refund!.id,
        depositId,
        status: "FAILED",
        amount: `${refund!.amount}.00`,
        currency: "RWF",
        failureReason: { failureCode: "UNSPECIFIED_FAILURE", failureMessage: "late" },
      }),
    );
    const lateAnswer = await app.inject({
      method: "POST",
      url: "/api/payments/callback",
      headers: {
        ...sim.signedHeaders(late, "http://shop.example.test/api/payments/callback"),
        host: "shop.example.test",
      },
      payload: late,
    });
    expect(lateAnswer.statusCode).toBe(200);
    expect(lateAnswer.json()).toMatchObject({ known: true, changed: false });
    expect((await refundsOf(depositId))[0]!.status).toBe("COMPLETED");
    const applied = (
      await database.db.select().from(paymentEvents).where(eq(paymentEvents.transactionId, refund!.id))
    ).filter((e) => e.applied === 1 && e.toStatus === "COMPLETED");
    expect(applied).toHaveLength(1);
    const d = await detail(id);
    expect(d.status).toBe("refunded");
    expect(d.events.filter((e) => e.toStatus === "refunded")).toHaveLength(1);
    expect(await emails(email, "vps.refunded")).toHaveLength(1);
  });

  it("refuses a refund callback that is not signed by pawaPay", async () => {
    const { id, depositId } = await failedOrder();
    sim.faults.dropCallbacks = true;
    expect((await approve(id)).statusCode).toBe(200);
    await sim.idle();
    const [refund] = await refundsOf(depositId);
    const forged = Buffer.from(JSON.stringify({ refundId: refund!.id, depositId, status: "COMPLETED" }));
    for (const signing of ["wrong-key", "tampered", "missing-headers", "unsigned"] as const) {
      const answer = await app.inject({
        method: "POST",
        url: "/api/payments/callback",
        headers: {
          ...sim.signedHeaders(forged, "http://shop.example.test/api/payments/callback", signing),
          host: "shop.example.test",
        },
        payload: forged,
      });
      expect(answer.statusCode, signing).toBe(401);
    }
    expect((await refundsOf(depositId))[0]!.status).toBe("ACCEPTED");
    expect((await detail(id)).status).toBe("failed");
    // pawaPay's own answer, read back by the reconciliation, settles it.
    await app.payments.refresh(refund!.id, "reconcile");
    expect((await detail(id)).status).toBe("refunded");
  });

  it("keeps the order waiting when the refund fails, tells staff, and lets them approve it again", async () => {
    const { id, depositId, email } = await failedOrder();
    sim.faults.refundFailure = "PAWAPAY_WALLET_OUT_OF_FUNDS";
    expect((await approve(id)).statusCode).toBe(200);
    await sim.idle();
    const [first] = await refundsOf(depositId);
    expect(first).toMatchObject({ status: "FAILED", failureCode: "PAWAPAY_WALLET_OUT_OF_FUNDS" });
    let d = await detail(id);
    expect(d.status).toBe("failed");
    expect(d.fulfilment.steps.at(-1)).toMatchObject({ action: "refund", status: "failed" });
    expect(d.fulfilment.steps.at(-1)!.answer).toContain("PAWAPAY_WALLET_OUT_OF_FUNDS");
    expect(d.fulfilment.canRefund).toBe(true);
    expect(d.events.at(-1)!.body).toContain("PAWAPAY_WALLET_OUT_OF_FUNDS");
    expect(await emails("sales@example.test", "vps.staffRefundFailed")).not.toHaveLength(0);
    expect(await emails(email, "vps.refunded")).toHaveLength(0);
    const audits = await database.db.select().from(auditLog);
    expect(audits.some((a) => a.action === "payment.refund.failed" && a.targetId === first!.id)).toBe(true);

    // The wallet is topped up; staff approve again: a new refund id, and this one goes through.
    sim.faults.refundFailure = null;
    expect((await approve(id)).statusCode).toBe(200);
    await sim.idle();
    const refunds = await refundsOf(depositId);
    expect(refunds).toHaveLength(2);
    const second = refunds.find((r) => r.id !== first!.id)!;
    expect(second.status).toBe("COMPLETED");
    d = await detail(id);
    expect(d.status).toBe("refunded");
    expect(d.fulfilment.steps.filter((s) => s.action === "refund").map((s) => s.status)).toEqual([
      "failed",
      "succeeded",
    ]);
    expect(await emails(email, "vps.refunded")).toHaveLength(1);
  });

  it("leaves a refund whose answer was lost pending, and settles it from pawaPay's status (never twice)", async () => {
    const { id, depositId } = await failedOrder();
    const posts = () => sim.requests.filter((r) => r.method === "POST" && r.path === "/v2/refunds").length;
    const before = posts();
    sim.faults.nextCallUnknownError = { create: true };
    sim.faults.dropCallbacks = true;
    const approved = await approve(id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<VpsOrderDetail>().fulfilment.steps.at(-1)).toMatchObject({
      action: "refund",
      status: "running",
    });
    const [refund] = await refundsOf(depositId);
    expect(refund!.status).toBe("PAYMENT_INITIATED");
    // A second approval while it is unresolved is refused: the money may already be on its way.
    expect((await approve(id)).statusCode).toBe(409);
    await sim.idle();
    await app.payments.refresh(refund!.id, "reconcile");
    expect((await refundsOf(depositId))[0]!.status).toBe("COMPLETED");
    expect((await detail(id)).status).toBe("refunded");
    expect(posts() - before).toBe(1);
    expect([...sim.payments.values()].filter((p) => p.kind === "refund" && p.depositId === depositId)).toHaveLength(1);
  });

  it("refuses to refund an order that is not waiting for one", async () => {
    const placed = await app.inject({
      method: "POST",
      url: "/api/vps/orders",
      headers: { host: "shop.example.test" },
      payload: order({ email: "unpaid@example.rw" }),
      remoteAddress: `198.51.100.${++ip % 250}`,
    });
    const [row] = await database.db
      .select()
      .from(vpsOrders)
      .where(eq(vpsOrders.accessToken, placed.json<VpsOrderCreated>().token));
    const answer = await approve(row!.id);
    expect(answer.statusCode).toBe(409);
    expect((await approve("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});
