import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startPawapaySimulator, type PawapaySimulator } from "../../../tests/doubles/pawapay-simulator.ts";
import { parseActiveConf, pawapayProvider } from "./pawapay-adapter.ts";
import { ProviderError, type PaymentProvider } from "./payment-provider.ts";

let sim: PawapaySimulator;
let provider: PaymentProvider;

beforeAll(async () => {
  sim = await startPawapaySimulator({ finalDelayMs: 5 });
  provider = pawapayProvider({ baseUrl: sim.url, token: sim.token, timeoutMs: 500 });
});
afterAll(async () => {
  await sim.idle();
  await sim.close();
});
beforeEach(() => {
  sim.faults = {};
  for (const key of Object.keys(sim.providerStatus)) sim.providerStatus[key] = "OPERATIONAL";
});

const page = (overrides: Partial<Parameters<PaymentProvider["createPaymentPage"]>[0]> = {}) => ({
  depositId: randomUUID(),
  returnUrl: "https://shop.example.test/api/payments/return?tx=1",
  amount: "1000",
  currency: "RWF",
  country: "RWA",
  phoneNumber: "250783456789",
  customerMessage: "payment",
  language: "EN" as const,
  ...overrides,
});

const money = (overrides: Partial<Parameters<PaymentProvider["initiateDeposit"]>[0]> = {}) => ({
  id: randomUUID(),
  amount: "1000",
  currency: "RWF",
  phoneNumber: "250783456789",
  provider: "MTN_MOMO_RWA",
  customerMessage: "payment",
  ...overrides,
});

async function errorOf(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error("expected a ProviderError");
}

describe("authentication", () => {
  it("reports a missing or wrong token as refused, with pawaPay's code", async () => {
    const missing = await fetch(`${sim.url}/v2/deposits/${randomUUID()}`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ failureReason: { failureCode: "NO_AUTHENTICATION" } });
    const wrong = await errorOf(pawapayProvider({ baseUrl: sim.url, token: "nope" }).getDeposit(randomUUID()));
    expect(wrong).toMatchObject({ kind: "refused", httpStatus: 403, failureCode: "AUTHENTICATION_ERROR" });
  });
});

describe("payment page", () => {
  it("creates a session; the deposit is NOT_FOUND until the customer pays, then FOUND with normalised amounts", async () => {
    const request = page();
    const result = await provider.createPaymentPage(request);
    expect(result.kind).toBe("redirect");
    expect(await provider.getDeposit(request.depositId)).toMatchObject({ found: false });
    const html = await (await fetch(result.kind === "redirect" ? result.redirectUrl : "")).text();
    expect(html).toContain("Pay 1000 RWF");

    const token = new URL(result.kind === "redirect" ? result.redirectUrl : "").searchParams.get("token");
    const confirm = await fetch(`${sim.url}/pay/confirm?token=${token}`, { method: "POST", redirect: "manual" });
    expect(confirm.status).toBe(302);
    const location = new URL(confirm.headers.get("location")!);
    expect(location.searchParams.get("depositId")).toBe(request.depositId);
    expect(location.searchParams.get("tx")).toBe("1");

    const state = await provider.getDeposit(request.depositId);
    expect(state).toMatchObject({
      found: true,
      status: "COMPLETED",
      amount: "1000.00",
      currency: "RWF",
      provider: "MTN_MOMO_RWA",
    });
    expect(state.found && state.providerTransactionId).toBeTruthy();
  });

  it("expires the link after 15 minutes and never creates the deposit", async () => {
    const request = page();
    const result = await provider.createPaymentPage(request);
    sim.advanceClock(15 * 60 * 1000 + 1);
    try {
      const token = new URL(result.kind === "redirect" ? result.redirectUrl : "").searchParams.get("token");
      const confirm = await fetch(`${sim.url}/pay/confirm?token=${token}`, { method: "POST", redirect: "manual" });
      expect(confirm.status).toBe(410);
      expect(await provider.getDeposit(request.depositId)).toMatchObject({ found: false });
    } finally {
      sim.advanceClock(-(15 * 60 * 1000 + 1));
    }
  });

  it.each([
    ["AMOUNT_OUT_OF_BOUNDS", page({ amount: "5" })],
    ["INVALID_AMOUNT", page({ amount: "1000.50" })],
    ["INVALID_CURRENCY", page({ currency: "KES" })],
    ["INVALID_PHONE_NUMBER", page({ phoneNumber: "25078345678" })],
  ])("answers REJECTED %s with HTTP 200", async (code, request) => {
    expect(await provider.createPaymentPage(request)).toMatchObject({ kind: "rejected", failureCode: code });
  });

  it("answers PROVIDER_TEMPORARILY_UNAVAILABLE when the provider is closed", async () => {
    sim.providerStatus.MTN_MOMO_RWA = "CLOSED";
    expect(await provider.createPaymentPage(page())).toMatchObject({
      kind: "rejected",
      failureCode: "PROVIDER_TEMPORARILY_UNAVAILABLE",
    });
  });

  it.each([
    ["INVALID_PARAMETER", page({ depositId: "order-12" })],
    ["INVALID_PARAMETER", page({ customerMessage: "Invoice #12" })],
    ["INVALID_PARAMETER", page({ reason: "x".repeat(51) })],
  ])("refuses bad parameters with 400 %s", async (code, request) => {
    expect(await errorOf(provider.createPaymentPage(request))).toMatchObject({
      kind: "refused",
      httpStatus: 400,
      failureCode: code,
    });
  });
});

describe("deposits", () => {
  it.each([
    ["250783456789", "MTN_MOMO_RWA", "COMPLETED", null],
    ["250783456039", "MTN_MOMO_RWA", "FAILED", "PAYMENT_NOT_APPROVED"],
    ["250733456049", "AIRTEL_RWA", "FAILED", "INSUFFICIENT_BALANCE"],
    ["256783456029", "MTN_MOMO_UGA", "FAILED", "PAYER_NOT_FOUND"],
    ["254703456059", "MPESA_KEN", "FAILED", "PAYMENT_IN_PROGRESS"],
    ["254703456069", "MPESA_KEN", "FAILED", "UNSPECIFIED_FAILURE"],
  ])("sandbox number %s (%s) ends %s %s", async (phoneNumber, providerCode, status, failureCode) => {
    const currency = { MTN_MOMO_RWA: "RWF", AIRTEL_RWA: "RWF", MTN_MOMO_UGA: "UGX", MPESA_KEN: "KES" }[providerCode]!;
    const request = money({ phoneNumber, provider: providerCode, currency });
    expect(await provider.initiateDeposit(request)).toMatchObject({ kind: "accepted" });
    await sim.idle();
    expect(await provider.getDeposit(request.id)).toMatchObject({ found: true, status, failureCode });
  });

  it("keeps ...129 PROCESSING with no callback, and settles IN_RECONCILIATION when the provider does", async () => {
    const request = money({ phoneNumber: "250783456129" });
    await provider.initiateDeposit(request);
    await sim.idle();
    expect(await provider.getDeposit(request.id)).toMatchObject({ status: "PROCESSING" });
    await sim.reconcile(request.id);
    expect(await provider.getDeposit(request.id)).toMatchObject({ status: "IN_RECONCILIATION" });
    await sim.reconcile(request.id, "COMPLETED");
    expect(await provider.getDeposit(request.id)).toMatchObject({ status: "COMPLETED" });
  });

  it("answers DUPLICATE_IGNORED for a reused id, whatever the body", async () => {
    const request = money();
    await provider.initiateDeposit(request);
    expect(await provider.initiateDeposit({ ...request, amount: "5000" })).toMatchObject({ kind: "duplicate" });
  });

  it("reports 500 UNKNOWN_ERROR as unavailable, whether or not the deposit was created", async () => {
    for (const create of [true, false]) {
      sim.faults.nextCallUnknownError = { create };
      const request = money();
      expect(await errorOf(provider.initiateDeposit(request))).toMatchObject({
        kind: "unavailable",
        httpStatus: 500,
        failureCode: "UNKNOWN_ERROR",
      });
      expect((await provider.getDeposit(request.id)).found).toBe(create);
    }
  });

  it("reports a slow or dropped answer as unavailable (outcome unknown), and the deposit may exist", async () => {
    sim.faults.responseDelayMs = 1000;
    const slow = money();
    expect(await errorOf(provider.initiateDeposit(slow))).toMatchObject({ kind: "unavailable" });
    sim.faults.responseDelayMs = 0;
    expect(await provider.getDeposit(slow.id)).toMatchObject({ found: true });

    sim.faults.dropNextResponse = true;
    const dropped = money();
    expect(await errorOf(provider.initiateDeposit(dropped))).toMatchObject({ kind: "unavailable" });
    expect(await provider.getDeposit(dropped.id)).toMatchObject({ found: true });
  });

  it("resends callbacks only for final deposits", async () => {
    expect(await provider.resendCallback("deposit", randomUUID())).toMatchObject({
      kind: "rejected",
      failureCode: "NOT_FOUND",
    });
    const stuck = money({ phoneNumber: "250783456129" });
    await provider.initiateDeposit(stuck);
    await sim.idle();
    expect(await provider.resendCallback("deposit", stuck.id)).toMatchObject({
      kind: "rejected",
      failureCode: "INVALID_STATE",
    });
    const done = money();
    await provider.initiateDeposit(done);
    await sim.idle();
    expect(await provider.resendCallback("deposit", done.id)).toMatchObject({ kind: "accepted" });
  });
});

describe("payouts", () => {
  it.each([
    ["250783456789", "COMPLETED", null],
    ["250783456089", "FAILED", "RECIPIENT_NOT_FOUND"],
  ])("%s ends %s", async (phoneNumber, status, failureCode) => {
    const request = money({ phoneNumber });
    expect(await provider.initiatePayout(request)).toMatchObject({ kind: "accepted" });
    await sim.idle();
    expect(await provider.getPayout(request.id)).toMatchObject({ found: true, status, failureCode });
    expect(await provider.getDeposit(request.id)).toMatchObject({ found: false });
  });
});

describe("toolkit", () => {
  it("reads active-conf with live limits and decimals, filtered", async () => {
    const conf = await provider.activeConf({ country: "UGA", operationType: "DEPOSIT" });
    expect(conf.countries.map((c) => c.country)).toEqual(["UGA"]);
    const mtn = conf.countries[0]!.providers.find((p) => p.provider === "MTN_MOMO_UGA")!;
    expect(mtn.currencies[0]).toMatchObject({
      currency: "UGX",
      operationTypes: { DEPOSIT: { minAmount: "500", maxAmount: "5000000", decimals: 2, status: "OPERATIONAL" } },
    });
    expect(mtn.currencies[0]!.operationTypes.PAYOUT).toBeUndefined();
  });

  it("parses the array shape with v1 limit names too, and ignores unknown fields", () => {
    const conf = parseActiveConf({
      somethingNew: true,
      countries: [
        {
          country: "RWA",
          providers: [
            {
              provider: "AIRTEL_RWA",
              currencies: [
                {
                  currency: "RWF",
                  operationTypes: [
                    {
                      operationType: "DEPOSIT",
                      minTransactionLimit: "100",
                      maxTransactionLimit: "500000",
                      decimalsInAmount: "NONE",
                      status: "DELAYED",
                      future: 1,
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(conf.countries[0]!.providers[0]!.currencies[0]!.operationTypes.DEPOSIT).toEqual({
      minAmount: "100",
      maxAmount: "500000",
      decimals: 0,
      status: "DELAYED",
    });
  });

  it("predicts the provider and cleans the number", async () => {
    expect(await provider.predictProvider("+250 0783 456 789")).toEqual({
      country: "RWA",
      provider: "MTN_MOMO_RWA",
      phoneNumber: "250783456789",
    });
    expect(await errorOf(provider.predictProvider("12345"))).toMatchObject({ kind: "refused" });
  });

  it("reads availability and public keys", async () => {
    sim.providerStatus.MPESA_KEN = "CLOSED";
    const availability = await provider.availability({ country: "KEN" });
    expect(availability).toEqual([
      { country: "KEN", providers: [{ provider: "MPESA_KEN", statuses: { DEPOSIT: "CLOSED", PAYOUT: "CLOSED" } }] },
    ]);
    expect(await provider.publicKeys()).toEqual([{ id: "HTTP_EC_P256_KEY:1", key: sim.publicKeyPem }]);
  });
});

describe("a kept-alive connection the server has just closed", () => {
  it("sends a GET once more, never a POST", async () => {
    const { createServer } = await import("node:http");
    let requests = 0;
    const server = createServer((req, res) => {
      requests += 1;
      // The first request of each kind finds its connection reset, as a stale keep-alive socket does.
      if (requests === 1 || requests === 3) {
        req.socket.destroy();
        return;
      }
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ id: "k1", key: "PEM" }]));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const flaky = pawapayProvider({ baseUrl: `http://127.0.0.1:${port}`, token: "t", timeoutMs: 2000 });
    try {
      expect(await flaky.publicKeys()).toEqual([{ id: "k1", key: "PEM" }]);
      expect(requests).toBe(2);
      const refused = await flaky.initiateDeposit(money()).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ProviderError);
      expect(requests).toBe(3);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("an answer that is not the shape pawaPay documents", () => {
  let answer: { status: number; body: string } = { status: 200, body: "null" };
  const server = createServer((_req, res) => {
    res.statusCode = answer.status;
    res.setHeader("content-type", "application/json");
    res.end(answer.body);
  });
  let odd: PaymentProvider;
  const answering = (body: unknown, status = 200) => {
    answer = { status, body: typeof body === "string" ? body : JSON.stringify(body) };
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    odd = pawapayProvider({ baseUrl: `http://127.0.0.1:${port}`, token: "t", timeoutMs: 2000 });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each([
    ["a status of another type", { status: "FOUND", data: { depositId: "d", status: { code: "COMPLETED" } } }],
    ["a status that is a number", { status: "FOUND", data: { depositId: "d", status: 42 } }],
    ["no status in the payment", { status: "FOUND", data: { depositId: "d", amount: "1000" } }],
    ["an envelope it does not know", { status: "SOMETIMES" }],
    ["text instead of JSON", "<html>maintenance</html>"],
  ])("reports a status answer with %s as unavailable (outcome unknown), keeping what was said", async (_, body) => {
    answering(body);
    const error = await errorOf(odd.getDeposit(randomUUID()));
    expect(error).toMatchObject({ kind: "unavailable", message: "unexpected status answer" });
    expect(error.raw).toEqual(body);
  });

  it("reads a payment whose optional fields have odd shapes, and leaves those fields empty", async () => {
    const body = {
      status: "FOUND",
      data: { status: "FAILED", amount: { value: 1 }, currency: 7, payer: "MTN", failureReason: ["x"], future: true },
    };
    answering(body);
    expect(await odd.getPayout(randomUUID())).toEqual({
      found: true,
      status: "FAILED",
      amount: null,
      currency: "7",
      country: null,
      provider: null,
      providerTransactionId: null,
      failureCode: null,
      failureMessage: null,
      raw: body,
    });
  });

  it.each([
    ["no status", { depositId: "d" }],
    ["a status of another type", { depositId: "d", status: ["ACCEPTED"] }],
    ["a status it does not know", { depositId: "d", status: "MAYBE" }],
    ["no body at all", ""],
  ])("reports an initiation answer with %s as unavailable, so the status is checked later", async (_, body) => {
    answering(body);
    expect(await errorOf(odd.initiateDeposit(money()))).toMatchObject({ kind: "unavailable", httpStatus: 200 });
  });

  it("takes a rejection whose reason it cannot read as rejected with UNKNOWN", async () => {
    answering({ depositId: "d", status: "REJECTED", failureReason: "PAYER_NOT_FOUND" });
    expect(await odd.initiateDeposit(money())).toMatchObject({
      kind: "rejected",
      failureCode: "UNKNOWN",
      failureMessage: null,
    });
  });

  it("reports a payment page answer with neither a usable redirectUrl nor a rejection as unavailable", async () => {
    answering({ redirectUrl: 5 });
    expect(await errorOf(odd.createPaymentPage(page()))).toMatchObject({ kind: "unavailable" });
  });

  it("refuses a prediction without a provider, and reads a 4xx body it cannot parse without a code", async () => {
    answering({ country: "RWA", provider: null, phoneNumber: "250783456789" });
    expect(await errorOf(odd.predictProvider("250783456789"))).toMatchObject({
      kind: "refused",
      failureCode: "INVALID_PHONE_NUMBER",
    });
    answering({ failureReason: { failureCode: 12 } }, 400);
    expect(await errorOf(odd.getDeposit(randomUUID()))).toMatchObject({ kind: "refused", failureCode: "12" });
    answering({ failureReason: { failureCode: {} } }, 400);
    expect(await errorOf(odd.getDeposit(randomUUID()))).toMatchObject({ kind: "refused", failureCode: null });
  });

  it("reads toolkit answers of another shape as empty, never failing", async () => {
    answering({ countries: "RWA", signatureConfiguration: { signedCallbacks: "yes" } });
    expect(await odd.activeConf({})).toMatchObject({ countries: [], signedCallbacks: null });
    answering([{ country: "RWA", providers: [{ provider: "MTN_MOMO_RWA", operationTypes: "OPEN" }, 3] }, "KEN"]);
    expect(await odd.availability({})).toEqual([
      { country: "RWA", providers: [{ provider: "MTN_MOMO_RWA", statuses: {} }] },
    ]);
    answering([{ id: "k1", key: "PEM" }, { id: "k2" }, "k3"]);
    expect(await odd.publicKeys()).toEqual([{ id: "k1", key: "PEM" }]);
  });
});
