import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePaymentResult } from "../../../contracts/payments.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { paymentEvents, paymentTransactions } from "../../db/schema.ts";

describe.each(databaseBackends())("built-in test provider (no PAWAPAY_API_TOKEN) on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let ip = 0;

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    app = await testApp(database);
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  async function startPayment(phoneNumber = "250783456789") {
    const response = await app.inject({
      method: "POST",
      url: "/api/hosted-payment",
      headers: { host: "shop.example.test" },
      payload: { phoneNumber, amount: 5, currency: "RWF", description: "payment", country: "RWA" },
      remoteAddress: `192.0.2.${++ip}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ transactionId: string; redirectUrl: string }>();
  }

  async function decide(redirectUrl: string, decision: string) {
    const url = new URL(redirectUrl);
    const response = await app.inject({ method: "POST", url: `${url.pathname}/${decision}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "" });
    expect(response.statusCode).toBe(303);
    const back = new URL(response.headers.location as string);
    const returned = await app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    return new URL(returned.headers.location as string, "http://x");
  }

  it("redirects to a TEST MODE page served by this server, for the spec's minimum amount", async () => {
    const { transactionId, redirectUrl } = await startPayment();
    expect(redirectUrl).toBe(`http://shop.example.test/test-payments/${transactionId}`);
    const page = await app.inject({ method: "GET", url: new URL(redirectUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("TEST MODE");
    expect(page.body).toContain("5 RWF");
    expect(page.body).toMatch(/Approve payment[\s\S]*Decline payment[\s\S]*Let it time out/);
    const [row] = await database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId));
    expect(row).toMatchObject({ mode: "test", status: "PAYMENT_INITIATED" });
  });

  it("approve: a signed callback completes it and the return shows success", async () => {
    const { transactionId, redirectUrl } = await startPayment();
    const result = await decide(redirectUrl, "approve");
    expect(parsePaymentResult(result.searchParams.get("paymentResult"))).toEqual({ success: true, transactionId, status: "COMPLETED" });
    const events = await database.db.select().from(paymentEvents).where(eq(paymentEvents.transactionId, transactionId));
    expect(events.find((e) => e.source === "callback")).toMatchObject({ applied: 1, toStatus: "COMPLETED" });
    const status = (await app.inject({ method: "GET", url: `/api/deposits/${transactionId}/status` })).json();
    expect(status).toMatchObject({ status: "COMPLETED", testMode: true, provider: "MTN_MOMO_RWA" });
    expect(status.providerTransactionId).toMatch(/^TEST/);
    // The link is spent.
    expect((await app.inject({ method: "GET", url: new URL(redirectUrl).pathname })).statusCode).toBe(410);
  });

  it("decline: FAILED with the customer's reason", async () => {
    const { transactionId, redirectUrl } = await startPayment();
    const result = await decide(redirectUrl, "decline");
    expect(parsePaymentResult(result.searchParams.get("paymentResult"))).toEqual({
      success: false,
      transactionId,
      status: "FAILED",
      error: "The payment was not approved on the phone.",
    });
  });

  it("timeout: no deposit, no callback, and the return reports TIMEOUT", async () => {
    const { transactionId, redirectUrl } = await startPayment();
    const result = await decide(redirectUrl, "timeout");
    expect(parsePaymentResult(result.searchParams.get("paymentResult"))).toMatchObject({ success: false, transactionId, status: "TIMEOUT" });
    const events = await database.db.select().from(paymentEvents).where(eq(paymentEvents.transactionId, transactionId));
    expect(events.some((e) => e.source === "callback")).toBe(false);
  });

  it("refuses callbacks not signed by the test provider", async () => {
    const { transactionId } = await startPayment();
    const response = await app.inject({ method: "POST", url: "/api/payments/callback", payload: { depositId: transactionId, status: "COMPLETED" } });
    expect(response.statusCode).toBe(401);
  });

  it("answers the toolkit endpoints with the test providers", async () => {
    const providers = (await app.inject({ method: "GET", url: "/api/providers/RWA" })).json();
    expect(providers.providers.map((p: { provider: string }) => p.provider)).toEqual(["MTN_MOMO_RWA", "AIRTEL_RWA"]);
  });
});
