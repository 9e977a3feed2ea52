import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentMessages, parsePaymentResult } from "#contracts/payments.ts";
import { startPawapaySimulator, type PawapaySimulator } from "../../../tests/doubles/pawapay-simulator.ts";
import { asStaff, createStaffUser, signIn, SITE_ORIGIN } from "../../../tests/support/admin.ts";
import { databaseBackends } from "../../../tests/support/databases.ts";
import { testApp } from "../../../tests/support/test-app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { outboxEmails } from "../notifications/notifications-schema.ts";
import { paymentEvents, paymentTransactions } from "./payments-schema.ts";
import { HOSTED_PAYMENT_ADDRESS_LIMIT, HOSTED_PAYMENT_PAYER_LIMIT } from "./payment-routes.ts";

const valid = {
  phoneNumber: "250783456789",
  amount: 1000,
  currency: "RWF",
  description: "Web hosting",
  country: "RWA",
};

describe.each(databaseBackends())("payments through pawaPay (simulator) on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let sim: PawapaySimulator;
  let adminCookie: string;
  let agentCookie: string;
  let ip = 0;
  let payers = 0;
  /** Another MTN Rwanda number the simulator completes (its last three digits decide): one payer per payment. */
  const nextPayer = () => `25078${String(++payers).padStart(4, "0")}789`;

  // Each payment its own payer and address, so the limits only bite where they are tested.
  const create = (payload: object = { ...valid, phoneNumber: nextPayer() }) =>
    app.inject({ method: "POST", url: "/api/hosted-payment", payload, remoteAddress: `198.51.100.${++ip % 250}` });
  const row = async (id: string) =>
    (await database.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)))[0]!;
  const tokenOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get("token");
  const payOnPage = async (redirectUrl: string) => {
    const confirm = await fetch(`${sim.url}/pay/confirm?token=${tokenOf(redirectUrl)}`, {
      method: "POST",
      redirect: "manual",
    });
    return new URL(confirm.headers.get("location")!);
  };
  const followReturn = async (returnUrl: URL) =>
    app.inject({ method: "GET", url: `${returnUrl.pathname}${returnUrl.search}` });

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    sim = await startPawapaySimulator({ finalDelayMs: 5 });
    app = await testApp(database, {
      env: {
        PAWAPAY_API_TOKEN: sim.token,
        PAWAPAY_BASE_URL: sim.url,
        // Short enough for the slow-answer test to wait on, long enough for a loaded CI machine.
        PAWAPAY_TIMEOUT_MS: "2000",
        PAYMENTS_RECONCILE_INTERVAL_MS: "3600000",
      },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as AddressInfo).port;
    sim.callbackUrl.deposit = `http://127.0.0.1:${port}/api/payments/callback`;
    sim.callbackUrl.payout = sim.callbackUrl.deposit;
    const admin = await createStaffUser(database.db, "paymaster", "admin");
    const agent = await createStaffUser(database.db, "helper", "agent");
    adminCookie = await signIn(app, admin.username, admin.password, "10.2.2.2");
    agentCookie = await signIn(app, agent.username, agent.password, "10.2.2.3");
  });
  afterAll(async () => {
    await sim.idle();
    await app.close();
    await sim.close();
    await cleanup();
  });
  beforeEach(() => {
    sim.faults = {};
    for (const key of Object.keys(sim.providerStatus)) sim.providerStatus[key] = "OPERATIONAL";
  });

  it("stores the payment before calling pawaPay, then answers transactionId and redirectUrl", async () => {
    const response = await create(valid);
    expect(response.statusCode).toBe(200);
    const { transactionId, redirectUrl } = response.json<{ transactionId: string; redirectUrl: string }>();
    expect(transactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(redirectUrl).toContain(sim.url);
    expect(await row(transactionId)).toMatchObject({
      status: "PAYMENT_INITIATED",
      amount: "1000",
      phoneNumber: "250783456789",
      description: "Web hosting",
      mode: "live",
    });
    const session = [...sim.sessions.values()].find((s) => s.depositId === transactionId)!;
    expect(session).toMatchObject({ amount: "1000", currency: "RWF", country: "RWA", customerMessage: "Web hosting" });
    expect(new URL(session.returnUrl).pathname).toBe("/api/payments/return");
  });

  it("completes through the page: the return re-reads the status and sends the browser to the receipt", async () => {
    sim.faults.dropCallbacks = true;
    const { transactionId, redirectUrl } = (await create()).json<{ transactionId: string; redirectUrl: string }>();
    const returned = await followReturn(await payOnPage(redirectUrl));
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/payment/receipt?transactionId=${transactionId}`);
    await sim.idle();
    const stored = await row(transactionId);
    expect(stored).toMatchObject({ status: "COMPLETED", provider: "MTN_MOMO_RWA", providerStatus: "COMPLETED" });
    expect(stored.providerTransactionId).toBeTruthy();
    const getRequests = sim.requests.filter((r) => r.path === `/v2/deposits/${transactionId}`);
    expect(getRequests.length).toBeGreaterThan(0);
    // The receipt names the wallet as customers know it, not pawaPay's code.
    const status = await app.inject({ method: "GET", url: `/api/deposits/${transactionId}/status` });
    expect(status.json()).toMatchObject({ provider: "MTN_MOMO_RWA", providerName: "MTN MoMo" });
  });

  it("emails a receipt, in the payer's language, for a completed payment that gave an address", async () => {
    sim.faults.dropCallbacks = true;
    const response = await app.inject({
      method: "POST",
      url: "/api/hosted-payment",
      payload: {
        ...valid,
        phoneNumber: "254703456789",
        currency: "KES",
        country: "KEN",
        email: " wanjiru@example.ke ",
      },
      headers: { "accept-language": "sw" },
      remoteAddress: `198.51.100.${++ip % 250}`,
    });
    const { transactionId, redirectUrl } = response.json<{ transactionId: string; redirectUrl: string }>();
    expect(await row(transactionId)).toMatchObject({ email: "wanjiru@example.ke", language: "sw" });
    const returned = await followReturn(await payOnPage(redirectUrl));
    expect(returned.headers.location).toBe(`/sw/payment/receipt?transactionId=${transactionId}`);
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "payments.receipt"));
    const mine = mails.filter((m) => m.textBody.includes(transactionId));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ toAddress: "wanjiru@example.ke" });
    expect(mine[0]!.subject).toBe("Risiti: 1,000 KES zimelipwa kwa M-Pesa");
    expect(mine[0]!.textBody).toContain(`https://www.example.test/sw/payment/receipt?transactionId=${transactionId}`);
    // Completed once: a late callback sends no second receipt.
    await app.payments.refresh(transactionId, "test");
    const again = await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "payments.receipt"));
    expect(again.filter((m) => m.textBody.includes(transactionId))).toHaveLength(1);
  });

  it("refuses a receipt address that is not an email address, naming the field", async () => {
    const response = await create({ ...valid, email: "not-an-address" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { email: paymentMessages.emailInvalid } });
  });

  it("brings a visitor back to the payment pages in the language they paid from", async () => {
    sim.faults.dropCallbacks = true;
    const french = await app.inject({
      method: "POST",
      url: "/api/hosted-payment",
      payload: { ...valid, phoneNumber: "250783456039" },
      headers: { "accept-language": "fr" },
      remoteAddress: `198.51.100.${++ip % 250}`,
    });
    const { transactionId, redirectUrl } = french.json<{ transactionId: string; redirectUrl: string }>();
    const session = [...sim.sessions.values()].find((s) => s.depositId === transactionId)!;
    expect(new URL(session.returnUrl).searchParams.get("lang")).toBe("fr");
    // The browser comes back from pawaPay with its own Accept-Language: the return URL decides.
    const returnUrl = await payOnPage(redirectUrl);
    const returned = await app.inject({
      method: "GET",
      url: `${returnUrl.pathname}${returnUrl.search}`,
      headers: { "accept-language": "en" },
    });
    const location = new URL(returned.headers.location as string, "http://x");
    expect(location.pathname).toBe("/fr/payment");
    expect(parsePaymentResult(location.searchParams.get("paymentResult"))).toEqual({
      success: false,
      transactionId,
      status: "FAILED",
      error: "Le paiement n'a pas été validé sur le téléphone.",
    });

    const unknown = await app.inject({ method: "GET", url: `/api/payments/return?depositId=${randomUUID()}&lang=sw` });
    expect(new URL(unknown.headers.location as string, "http://x").pathname).toBe("/sw/payment");
    const { transactionId: pending } = (
      await app.inject({
        method: "POST",
        url: "/api/hosted-payment",
        payload: valid,
        headers: { "accept-language": "rw" },
        remoteAddress: `198.51.100.${++ip % 250}`,
      })
    ).json<{ transactionId: string }>();
    expect(
      (await app.inject({ method: "GET", url: `/api/payments/return?depositId=${pending}&lang=rw` })).headers.location,
    ).toBe(`/rw/payment/receipt?transactionId=${pending}`);
    // An English payment's return URL names no language, as before.
    const { transactionId: english } = (await create()).json<{ transactionId: string }>();
    expect(new URL([...sim.sessions.values()].find((s) => s.depositId === english)!.returnUrl).search).toBe(
      `?transactionId=${english}`,
    );
  });

  it("trusts nothing in the return request: a forged return for an unpaid page changes nothing", async () => {
    const { transactionId } = (await create()).json<{ transactionId: string }>();
    const forged = await app.inject({
      method: "GET",
      url: `/api/payments/return?depositId=${transactionId}&status=COMPLETED`,
    });
    expect(forged.headers.location).toBe(`/payment/receipt?transactionId=${transactionId}`);
    expect((await row(transactionId)).status).toBe("PAYMENT_INITIATED");
  });

  it("reports a declined payment with a customer message, not pawaPay's developer text", async () => {
    const { transactionId, redirectUrl } = (await create({ ...valid, phoneNumber: "250783456039" })).json<{
      transactionId: string;
      redirectUrl: string;
    }>();
    const returned = await followReturn(await payOnPage(redirectUrl));
    const result = parsePaymentResult(
      new URL(returned.headers.location as string, "http://x").searchParams.get("paymentResult"),
    );
    expect(result).toEqual({
      success: false,
      transactionId,
      status: "FAILED",
      error: "The payment was not approved on the phone.",
    });
    expect(await row(transactionId)).toMatchObject({ status: "FAILED", failureCode: "PAYMENT_NOT_APPROVED" });
  });

  it("settles on a delayed callback that arrives after the browser came back", async () => {
    sim.faults.callbackDelayMs = 50;
    const { transactionId, redirectUrl } = (await create()).json<{ transactionId: string; redirectUrl: string }>();
    sim.faults.returnBeforeFinal = true;
    await payOnPage(redirectUrl);
    await sim.idle();
    const attempts = sim.callbacks.filter((c) => c.id === transactionId);
    expect(attempts.map((a) => a.httpStatus)).toEqual([200]);
    expect((await row(transactionId)).status).toBe("COMPLETED");
  });

  it.each(["java", "node"] as const)(
    "accepts a callback signed as pawaPay's %s example signs, to a callback URL with a query string",
    async (style) => {
      const base = sim.callbackUrl.deposit!;
      sim.callbackUrl.deposit = `${base}?source=pawapay&site=kigali%20tech`;
      sim.faults.callbackStyle = style;
      try {
        const { transactionId, redirectUrl } = (await create()).json<{ transactionId: string; redirectUrl: string }>();
        sim.faults.returnBeforeFinal = true;
        await payOnPage(redirectUrl);
        await sim.idle();
        expect(sim.callbacks.filter((c) => c.id === transactionId).map((a) => a.httpStatus)).toEqual([200]);
        expect((await row(transactionId)).status).toBe("COMPLETED");
      } finally {
        sim.callbackUrl.deposit = base;
      }
    },
  );

  it("sends a return that arrives before the final status to the receipt, and the callback settles it later", async () => {
    sim.faults.returnBeforeFinal = true;
    sim.finalDelayMs = 300;
    const { transactionId, redirectUrl } = (await create()).json<{ transactionId: string; redirectUrl: string }>();
    const returned = await followReturn(await payOnPage(redirectUrl));
    expect(returned.headers.location).toBe(`/payment/receipt?transactionId=${transactionId}`);
    await sim.idle();
    sim.finalDelayMs = 5;
    expect((await row(transactionId)).status).toBe("COMPLETED");
    const status = await app.inject({ method: "GET", url: `/api/deposits/${transactionId}/status` });
    expect(status.json()).toMatchObject({
      transactionId,
      status: "COMPLETED",
      amount: "1000",
      currency: "RWF",
      country: "RWA",
      provider: "MTN_MOMO_RWA",
      testMode: false,
    });
    expect(status.body).not.toContain("250783456789");
  });

  it.each([
    [
      "amount below the live minimum",
      { amount: 50 },
      400,
      "amount",
      "Amount must be at least 100 RWF for this country",
    ],
    ["amount with decimals", { amount: 100.5 }, 400, "amount", "Amount must be a whole number of RWF"],
    ["spec minimum", { amount: 4 }, 400, "amount", paymentMessages.amountMin],
    ["phone of another country", { phoneNumber: "256783456789" }, 400, "phoneNumber", paymentMessages.phonePrefix],
    [
      "description with punctuation",
      { description: "Invoice #12" },
      400,
      "description",
      paymentMessages.descriptionChars,
    ],
    ["unknown country", { country: "TZA" }, 400, "country", paymentMessages.countryUnavailable],
  ])("refuses %s before anything is stored (400 naming the field)", async (_name, change, status, field, message) => {
    const before = (await database.db.select().from(paymentTransactions)).length;
    const response = await create({ ...valid, ...change });
    expect(response.statusCode).toBe(status);
    expect(response.json().fields[field]).toBe(message);
    expect(await database.db.select().from(paymentTransactions)).toHaveLength(before);
  });

  it("maps pawaPay rejections and outages to clear answers, and never marks an outage failed", async () => {
    const invalidPhone = await create({ ...valid, phoneNumber: "250700000000" });
    expect(invalidPhone.statusCode).toBe(400);
    expect(invalidPhone.json().fields.phoneNumber).toBe("The phone number is not a valid mobile-money number.");

    sim.providerStatus.MTN_MOMO_RWA = "CLOSED";
    sim.providerStatus.AIRTEL_RWA = "CLOSED";
    // Live limits are cached; the page call itself still reports the closure.
    const closed = await create();
    expect(closed.statusCode).toBe(503);
    sim.providerStatus.MTN_MOMO_RWA = "OPERATIONAL";
    sim.providerStatus.AIRTEL_RWA = "OPERATIONAL";

    // Its own rows, told apart by their descriptions: an outage leaves each one waiting, never failed.
    sim.faults.nextCallUnknownError = { create: true };
    const unknown = await create({ ...valid, description: "Outage unknown answer" });
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json().message).toMatch(/temporarily unavailable/);
    sim.faults.responseDelayMs = 4000;
    const slow = await create({ ...valid, description: "Outage slow answer" });
    expect(slow.statusCode).toBe(503);
    sim.faults.responseDelayMs = 0;
    const outageRows = await database.db
      .select({ description: paymentTransactions.description, status: paymentTransactions.status })
      .from(paymentTransactions)
      .where(inArray(paymentTransactions.description, ["Outage unknown answer", "Outage slow answer"]));
    expect(outageRows.sort((a, b) => a.description!.localeCompare(b.description!))).toEqual([
      { description: "Outage slow answer", status: "PAYMENT_INITIATED" },
      { description: "Outage unknown answer", status: "PAYMENT_INITIATED" },
    ]);
  });

  it("refuses unsigned and forged callbacks with 401 and changes nothing", async () => {
    const { transactionId } = (await create()).json<{ transactionId: string }>();
    const body = Buffer.from(
      JSON.stringify({ depositId: transactionId, status: "COMPLETED", amount: "1000.00", currency: "RWF" }),
    );
    const target = "http://shop.example.test/api/payments/callback";
    for (const fault of ["unsigned", "wrong-key", "tampered", "expired", "missing-headers"] as const) {
      const response = await app.inject({
        method: "POST",
        url: "/api/payments/callback",
        headers: { ...sim.signedHeaders(body, target, fault), host: "shop.example.test" },
        payload: body,
      });
      expect(response.statusCode, fault).toBe(401);
    }
    expect((await row(transactionId)).status).toBe("PAYMENT_INITIATED");
    const genuine = await app.inject({
      method: "POST",
      url: "/api/payments/callback",
      headers: { ...sim.signedHeaders(body, target), host: "shop.example.test" },
      payload: body,
    });
    expect(genuine.statusCode).toBe(200);
    expect((await row(transactionId)).status).toBe("COMPLETED");
  });

  it("refuses a genuine callback it cannot read with 400 and changes nothing", async () => {
    const { transactionId } = (await create()).json<{ transactionId: string }>();
    const target = "http://shop.example.test/api/payments/callback";
    const send = (payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload));
      return app.inject({
        method: "POST",
        url: "/api/payments/callback",
        headers: { ...sim.signedHeaders(body, target), host: "shop.example.test" },
        payload: body,
      });
    };
    for (const payload of [
      { status: "COMPLETED", amount: "1000.00", currency: "RWF" },
      { depositId: 42, status: "COMPLETED" },
      { depositId: transactionId },
      { depositId: transactionId, status: 1 },
      { depositId: transactionId, status: "" },
      [{ depositId: transactionId, status: "COMPLETED" }],
      "COMPLETED",
    ]) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: "bad_callback" });
    }
    expect((await row(transactionId)).status).toBe("PAYMENT_INITIATED");

    // Fields it can do without, in odd shapes, read as absent: the payment still settles.
    const odd = await send({
      depositId: transactionId,
      status: "FAILED",
      payer: "MTN",
      providerTransactionId: 77,
      failureReason: { failureCode: "PAYER_NOT_FOUND", failureMessage: ["?"] },
    });
    expect(odd.statusCode).toBe(200);
    expect(await row(transactionId)).toMatchObject({
      status: "FAILED",
      providerTransactionId: null,
      failureCode: "PAYER_NOT_FOUND",
      failureMessage: null,
    });
  });

  it(
    "reconciles: NOT_FOUND after 15 minutes is TIMEOUT, IN_RECONCILIATION stays pending until pawaPay settles it, " +
      "a 5xx changes nothing",
    async () => {
      const abandoned = (await create()).json<{ transactionId: string }>().transactionId;
      const stuck = (await create({ ...valid, phoneNumber: "250783456129" })).json<{
        transactionId: string;
        redirectUrl: string;
      }>();
      sim.faults.dropCallbacks = true;
      await payOnPage(stuck.redirectUrl);
      await sim.idle();
      await sim.reconcile(stuck.transactionId);
      await database.db
        .update(paymentTransactions)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(sql`status not in ('COMPLETED','FAILED','TIMEOUT')`);

      sim.faults.nextCallUnknownError = { create: false };
      await app.payments.reconcileDue();
      expect((await row(abandoned)).status).toBe("PAYMENT_INITIATED");

      await database.db
        .update(paymentTransactions)
        .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000), nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(paymentTransactions.id, abandoned));
      await database.db
        .update(paymentTransactions)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(paymentTransactions.id, stuck.transactionId));
      await app.payments.reconcileDue();
      expect(await row(abandoned)).toMatchObject({ status: "TIMEOUT", failureCode: "TIMEOUT" });
      expect(await row(stuck.transactionId)).toMatchObject({ status: "PENDING", providerStatus: "IN_RECONCILIATION" });

      await sim.reconcile(stuck.transactionId, "COMPLETED");
      await database.db
        .update(paymentTransactions)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(paymentTransactions.id, stuck.transactionId));
      await app.payments.reconcileDue();
      expect(await row(stuck.transactionId)).toMatchObject({ status: "COMPLETED", nextCheckAt: null });
    },
  );

  it("runs the reconciliation job on two instances without double work", async () => {
    const second = await testApp(database, { env: { PAWAPAY_API_TOKEN: sim.token, PAWAPAY_BASE_URL: sim.url } });
    try {
      const ids = await Promise.all(
        [1, 2, 3, 4].map(async () => (await create()).json<{ transactionId: string }>().transactionId),
      );
      await database.db
        .update(paymentTransactions)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(sql`status = 'PAYMENT_INITIATED'`);
      const before = sim.requests.length;
      const [a, b] = await Promise.all([app.payments.reconcileDue(), second.payments.reconcileDue()]);
      const checks = sim.requests.slice(before).filter((r) => r.path.startsWith("/v2/deposits/"));
      expect(a + b).toBe(checks.length);
      expect(new Set(checks.map((c) => c.path)).size).toBe(checks.length);
      for (const id of ids) expect(checks.map((c) => c.path)).toContain(`/v2/deposits/${id}`);
    } finally {
      await second.close();
    }
  });

  it("asks pawaPay for its live configuration once for the provider lists and the amount check", async () => {
    const asked = () => sim.requests.filter((r) => r.path.startsWith("/v2/active-conf")).length;
    const before = asked();
    expect((await app.inject({ method: "GET", url: "/api/providers/RWA" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/active-config/RWA?operationType=DEPOSIT" })).statusCode).toBe(
      200,
    );
    // At most one question: an earlier test may already have brought Rwanda's deposit configuration.
    expect(asked() - before).toBeLessThanOrEqual(1);
    const kept = asked();
    expect((await create()).statusCode).toBe(200);
    expect(asked()).toBe(kept);
  });

  it(`starts at most ${HOSTED_PAYMENT_PAYER_LIMIT.max} payments per payer per window, hosted or prompted, from any address`, async () => {
    sim.faults.dropCallbacks = true;
    const payer = nextPayer();
    const refused = await create({ ...valid, phoneNumber: payer, amount: 1 });
    expect(refused.statusCode).toBe(400);
    for (let i = 0; i < HOSTED_PAYMENT_PAYER_LIMIT.max - 1; i++) {
      expect((await create({ ...valid, phoneNumber: payer })).statusCode).toBe(200);
    }
    // The last one as a prompt on the phone: one count for both ways of paying.
    const prompt = (phoneNumber: string) =>
      app.inject({
        method: "POST",
        url: "/api/deposits",
        payload: { ...valid, phoneNumber },
        remoteAddress: `198.51.100.${++ip % 250}`,
      });
    expect((await prompt(payer)).statusCode).toBe(201);
    for (const limited of [await create({ ...valid, phoneNumber: payer }), await prompt(payer)]) {
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ error: "rate_limited" });
    }
    expect((await create()).statusCode).toBe(200);
  });

  it(`lets ${HOSTED_PAYMENT_ADDRESS_LIMIT.max} payers behind one address pay, then answers 429`, async () => {
    sim.faults.dropCallbacks = true;
    const behindOneAddress = (phoneNumber: string) =>
      app.inject({
        method: "POST",
        url: "/api/hosted-payment",
        payload: { ...valid, phoneNumber },
        remoteAddress: "192.0.2.99",
      });
    for (let i = 0; i < HOSTED_PAYMENT_ADDRESS_LIMIT.max; i++) {
      expect((await behindOneAddress(nextPayer())).statusCode).toBe(200);
    }
    expect((await behindOneAddress(nextPayer())).statusCode).toBe(429);
    expect((await create()).statusCode).toBe(200);
  });

  it("answers the declared toolkit endpoints from active-conf and predict-provider", async () => {
    const conf = await app.inject({ method: "GET", url: "/api/active-config/uga?operationType=DEPOSIT" });
    expect(conf.statusCode).toBe(200);
    expect(conf.json().providers).toContainEqual({
      provider: "MTN_MOMO_UGA",
      displayName: "MTN",
      currency: "UGX",
      minAmount: "500",
      maxAmount: "5000000",
      decimals: 2,
      status: "OPERATIONAL",
    });
    expect(
      (await app.inject({ method: "GET", url: "/api/providers/KEN" }))
        .json()
        .providers.map((p: { provider: string }) => p.provider),
    ).toEqual(["MPESA_KEN"]);
    expect((await app.inject({ method: "GET", url: "/api/providers/TZA" })).statusCode).toBe(400);
    const predicted = await app.inject({
      method: "POST",
      url: "/api/predict-provider",
      payload: { phoneNumber: "+254 0703 456789" },
    });
    expect(predicted.json()).toEqual({ country: "KEN", provider: "MPESA_KEN", phoneNumber: "254703456789" });
    const bad = await app.inject({
      method: "POST",
      url: "/api/predict-provider",
      payload: { phoneNumber: "999999999999" },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["phoneNumber"]);
  });

  it("takes a direct deposit and answers its public status", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/deposits",
      payload: { ...valid, phoneNumber: "254703456789", currency: "KES", country: "KEN" },
      remoteAddress: "198.51.100.251",
    });
    expect(response.statusCode).toBe(201);
    const { transactionId } = response.json<{ transactionId: string }>();
    await sim.idle();
    expect((await app.inject({ method: "GET", url: `/api/deposits/${transactionId}/status` })).json()).toMatchObject({
      status: "COMPLETED",
      provider: "MPESA_KEN",
    });
    expect((await app.inject({ method: "GET", url: `/api/deposits/${randomUUID()}/status` })).statusCode).toBe(404);
  });

  it("keeps transactions and payouts for admins (401 without a session, 403 for agents), and audits payouts", async () => {
    for (const [method, url] of [
      ["GET", "/api/transactions"],
      ["POST", "/api/payouts"],
      ["GET", `/api/payouts/${randomUUID()}/status`],
    ] as const) {
      const anonymous = await app.inject({
        method,
        url,
        headers: { origin: SITE_ORIGIN },
        payload: method === "POST" ? valid : undefined,
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const agent = await app.inject({
        method,
        url,
        headers: asStaff(agentCookie),
        payload: method === "POST" ? valid : undefined,
      });
      expect(agent.statusCode, `${method} ${url}`).toBe(403);
    }
    const payout = await app.inject({
      method: "POST",
      url: "/api/payouts",
      headers: asStaff(adminCookie),
      payload: { ...valid, amount: 2000 },
    });
    expect(payout.statusCode).toBe(201);
    const { transactionId } = payout.json<{ transactionId: string }>();
    await sim.idle();
    expect(
      (
        await app.inject({ method: "GET", url: `/api/payouts/${transactionId}/status`, headers: asStaff(adminCookie) })
      ).json(),
    ).toMatchObject({ status: "COMPLETED", kind: "payout" });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.targetId, transactionId));
    expect(audits).toMatchObject([{ action: "payment.payout", actorUsername: "paymaster" }]);

    const list = await app.inject({
      method: "GET",
      url: "/api/transactions?kind=payout",
      headers: asStaff(adminCookie),
    });
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(transactionId);
  });

  it("gives admins a filtered list with totals, the detail with raw answers and events, re-check and CSV", async () => {
    const list = await app.inject({
      method: "GET",
      url: "/api/admin/payments?status=COMPLETED&country=RWA&minAmount=500&kind=deposit",
      headers: asStaff(adminCookie),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      items: Array<{ id: string; status: string; country: string }>;
      totals: Array<{ currency: string; completedCount: number }>;
    }>();
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i) => i.status === "COMPLETED" && i.country === "RWA")).toBe(true);
    expect(body.totals.find((t) => t.currency === "RWF")?.completedCount).toBe(body.items.length);
    expect(
      (await app.inject({ method: "GET", url: "/api/admin/payments?from=yesterday", headers: asStaff(adminCookie) }))
        .statusCode,
    ).toBe(400);

    const id = body.items[0]!.id;
    const detail = await app.inject({ method: "GET", url: `/api/admin/payments/${id}`, headers: asStaff(adminCookie) });
    const events = detail.json().events as Array<{ source: string; raw: unknown }>;
    expect(events[0]!.source).toBe("created");
    expect(events.some((e) => JSON.stringify(e.raw).includes("FOUND"))).toBe(true);

    const recheck = await app.inject({
      method: "POST",
      url: `/api/admin/payments/${id}/recheck`,
      headers: asStaff(adminCookie),
    });
    expect(recheck.json()).toMatchObject({ id, status: "COMPLETED" });
    const csv = await app.inject({
      method: "GET",
      url: "/api/admin/payments/export.csv?status=COMPLETED",
      headers: asStaff(adminCookie),
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toContain('"id","kind","status"');
    expect(csv.body).toContain(id);
  });

  it("lets an order capability take a payment and hear once when it completes", async () => {
    const paid: string[] = [];
    app.payments.onOrderPaid("domain", async (_db, payment) => {
      paid.push(payment.orderRef);
    });
    const { transactionId, redirectUrl } = await app.payments.createHostedPayment({
      ...valid,
      orderType: "domain",
      orderRef: "example.rw",
    });
    await payOnPage(redirectUrl);
    await sim.idle();
    await app.payments.refresh(transactionId, "test");
    sim.faults.callbackCopies = 3;
    await sim.reconcile(transactionId, "COMPLETED");
    await sim.idle();
    expect(paid).toEqual(["example.rw"]);
    expect((await app.payments.paymentsForOrder("domain", "example.rw"))[0]).toMatchObject({
      transactionId,
      status: "COMPLETED",
    });
    const applied = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.transactionId, transactionId));
    expect(applied.filter((e) => e.toStatus === "COMPLETED" && e.applied === 1)).toHaveLength(1);
  });
});
