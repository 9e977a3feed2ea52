import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePaymentResult } from "#contracts/payments.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { paymentEvents, paymentTransactions } from "../../modules/payments/payments-schema.ts";
import { testProviderPayments } from "./test-payments-schema.ts";

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
    const response = await app.inject({
      method: "POST",
      url: `${url.pathname}/${decision}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(response.statusCode).toBe(303);
    const back = new URL(response.headers.location as string);
    // Back to PUBLIC_URL, never to the host the payment was started through: no open redirect.
    expect(back.origin).toBe("https://www.example.test");
    const returned = await app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    return new URL(returned.headers.location as string, "http://x");
  }

  it("redirects to a TEST MODE page served by this server, for the spec's minimum amount", async () => {
    const { transactionId, redirectUrl } = await startPayment();
    // On PUBLIC_URL, whatever Host header the request carried (shop.example.test).
    expect(redirectUrl).toBe(`https://www.example.test/test-payments/${transactionId}`);
    const page = await app.inject({ method: "GET", url: new URL(redirectUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("TEST MODE");
    expect(page.body).toContain("5 RWF");
    expect(page.body).toMatch(/Approve payment[\s\S]*Decline payment[\s\S]*Let it time out/);
    const [row] = await database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId));
    expect(row).toMatchObject({ mode: "test", status: "PAYMENT_INITIATED" });
  });

  it("approve: a signed callback completes it and the return shows the receipt", async () => {
    const { transactionId, redirectUrl } = await startPayment();
    const result = await decide(redirectUrl, "approve");
    // A completed plain payment comes back to its receipt.
    expect(`${result.pathname}${result.search}`).toBe(`/payment/receipt?transactionId=${transactionId}`);
    const events = await database.db.select().from(paymentEvents).where(eq(paymentEvents.transactionId, transactionId));
    expect(events.find((e) => e.source === "callback")).toMatchObject({ applied: 1, toStatus: "COMPLETED" });
    const status = (await app.inject({ method: "GET", url: `/api/deposits/${transactionId}/status` })).json();
    expect(status).toMatchObject({ status: "COMPLETED", testMode: true, provider: "MTN_MOMO_RWA" });
    expect(status.providerTransactionId).toMatch(/^TEST/);
    // The link is spent.
    expect((await app.inject({ method: "GET", url: new URL(redirectUrl).pathname })).statusCode).toBe(410);
  });

  // Finding 10 of issue 16: the decision updated its row without checking it was still open, so
  // 25 parallel approvals sent 25 callbacks and the two records could disagree.
  it("takes one decision of 50 parallel ones, sends one callback, and both records agree", async () => {
    const { transactionId, redirectUrl } = await startPayment();
    const path = new URL(redirectUrl).pathname;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: "POST",
          url: `${path}/${i % 2 === 0 ? "approve" : "decline"}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "",
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 303)).toHaveLength(1);
    expect(codes.filter((c) => c === 410)).toHaveLength(49);
    const events = await database.db.select().from(paymentEvents).where(eq(paymentEvents.transactionId, transactionId));
    expect(events.filter((e) => e.source === "callback")).toHaveLength(1);
    const [provided] = await database.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, transactionId));
    const [stored] = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, transactionId));
    expect(stored!.status).toBe(provided!.status);
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
    expect(parsePaymentResult(result.searchParams.get("paymentResult"))).toMatchObject({
      success: false,
      transactionId,
      status: "TIMEOUT",
    });
    const events = await database.db.select().from(paymentEvents).where(eq(paymentEvents.transactionId, transactionId));
    expect(events.some((e) => e.source === "callback")).toBe(false);
  });

  it("refuses callbacks not signed by the test provider", async () => {
    const { transactionId } = await startPayment();
    const response = await app.inject({
      method: "POST",
      url: "/api/payments/callback",
      payload: { depositId: transactionId, status: "COMPLETED" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("answers the toolkit endpoints with the test providers", async () => {
    const providers = (await app.inject({ method: "GET", url: "/api/providers/RWA" })).json();
    expect(providers.providers.map((p: { provider: string }) => p.provider)).toEqual(["MTN_MOMO_RWA", "AIRTEL_RWA"]);
  });
});
