import { generateKeyPairSync, randomInt, type KeyObject } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { testProviderPayments } from "./test-payments-schema.ts";
import {
  ProviderError,
  type ActiveConf,
  type InitiationResult,
  type MoneyRequest,
  type PaymentPageRequest,
  type PaymentPageResult,
  type PaymentProvider,
  type ProviderPaymentState,
  type RefundRequest,
} from "../pawapay/payment-provider.ts";

/**
 * The built-in test provider: what `npm start` takes payments with when no PAWAPAY_API_TOKEN is
 * set. It keeps pawaPay's flow and answers (page session, NOT_FOUND until paid, signed callbacks,
 * the sandbox test numbers) but its payment page is served by this server and says TEST MODE.
 */

export const TEST_KEY_ID = "TEST_MODE_EC_P256_KEY:1";
const PAGE_LIFETIME_MS = 15 * 60 * 1000;
/** A direct (PIN-prompt) test payment settles this long after it was accepted. */
const DIRECT_SETTLE_MS = 2_000;

const PROVIDERS = [
  { provider: "MTN_MOMO_RWA", displayName: "MTN", country: "RWA", currency: "RWF", prefixes: ["25078", "25079"] },
  { provider: "AIRTEL_RWA", displayName: "Airtel", country: "RWA", currency: "RWF", prefixes: ["25072", "25073"] },
  {
    provider: "MTN_MOMO_UGA",
    displayName: "MTN",
    country: "UGA",
    currency: "UGX",
    prefixes: ["25677", "25678", "25676", "25639"],
  },
  {
    provider: "AIRTEL_OAPI_UGA",
    displayName: "Airtel",
    country: "UGA",
    currency: "UGX",
    prefixes: ["25670", "25675", "25674"],
  },
  { provider: "MPESA_KEN", displayName: "M-Pesa", country: "KEN", currency: "KES", prefixes: ["2547", "2541"] },
];
const PREFIX: Record<string, string> = { RWA: "250", UGA: "256", KEN: "254" };
/** pawaPay's sandbox numbers: the last three digits pick the outcome. */
const DEPOSIT_FAILURES: Record<string, string> = {
  "019": "PAYER_LIMIT_REACHED",
  "029": "PAYER_NOT_FOUND",
  "039": "PAYMENT_NOT_APPROVED",
  "049": "INSUFFICIENT_BALANCE",
  "059": "PAYMENT_IN_PROGRESS",
  "069": "UNSPECIFIED_FAILURE",
};
const PAYOUT_FAILURES: Record<string, string> = {
  "089": "RECIPIENT_NOT_FOUND",
  "099": "WALLET_LIMIT_REACHED",
  "119": "UNSPECIFIED_FAILURE",
};

type Row = typeof testProviderPayments.$inferSelect;

export interface TestCallbackSink {
  (kind: "deposit" | "payout" | "refund", body: Record<string, unknown>): Promise<void>;
}

export interface TestPaymentProvider extends PaymentProvider {
  readonly signingKey: { id: string; privateKey: KeyObject };
  /** Where callbacks go (the app wires it to its own callback endpoint). */
  setCallbackSink(sink: TestCallbackSink): void;
  /** The tester's choice on the TEST MODE page. */
  decide(depositId: string, decision: "approve" | "decline" | "timeout"): Promise<Row | null>;
  session(depositId: string): Promise<Row | null>;
}

function providerOf(phone: string) {
  return PROVIDERS.find((p) => p.prefixes.some((prefix) => phone.startsWith(prefix))) ?? null;
}

const ID_FIELD = { deposit: "depositId", payout: "payoutId", refund: "refundId" } as const;

function view(row: Row): Record<string, unknown> {
  return {
    [ID_FIELD[row.kind]]: row.id,
    ...(row.depositId ? { depositId: row.depositId } : {}),
    status: row.status,
    amount: Number(row.amount).toFixed(2),
    currency: row.currency,
    country: row.country,
    [row.kind === "deposit" ? "payer" : "recipient"]: {
      type: "MMO",
      accountDetails: { phoneNumber: row.phoneNumber, provider: row.provider },
    },
    ...(row.customerMessage ? { customerMessage: row.customerMessage } : {}),
    created: row.createdAt.toISOString(),
    ...(row.providerTransactionId ? { providerTransactionId: row.providerTransactionId } : {}),
    ...(row.failureCode
      ? { failureReason: { failureCode: row.failureCode, failureMessage: `Test mode: ${row.failureCode}` } }
      : {}),
    metadata: { testMode: "true" },
  };
}

export function testPaymentProvider(db: Database): TestPaymentProvider {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  let sink: TestCallbackSink | null = null;

  const find = async (id: string) =>
    (await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id)))[0] ?? null;

  async function settle(row: Row): Promise<Row> {
    // A refund goes to the number that paid, so its outcome follows the payout test numbers.
    const failures = row.kind === "deposit" ? DEPOSIT_FAILURES : PAYOUT_FAILURES;
    const failureCode = failures[row.phoneNumber.slice(-3)] ?? null;
    const [settled] = await db
      .update(testProviderPayments)
      .set(
        failureCode
          ? { status: "FAILED", failureCode }
          : { status: "COMPLETED", providerTransactionId: `TEST${randomInt(1e9, 1e10 - 1)}` },
      )
      .where(eq(testProviderPayments.id, row.id))
      .returning();
    return settled!;
  }

  async function deliver(row: Row): Promise<void> {
    if (sink) await sink(row.kind, view(row));
  }

  async function state(id: string, kind: Row["kind"]): Promise<ProviderPaymentState> {
    let row = await find(id);
    if (!row || row.kind !== kind || row.status === "OPEN" || row.status === "EXPIRED") {
      const sessionExpired =
        row?.status === "EXPIRED" || (row?.status === "OPEN" && row.expiresAt.getTime() < Date.now());
      return { found: false, sessionExpired, raw: { status: "NOT_FOUND" } };
    }
    // Direct test payments settle lazily too, so any instance can answer after a restart.
    if (row.status === "ACCEPTED" && Date.now() - row.createdAt.getTime() >= DIRECT_SETTLE_MS) row = await settle(row);
    const raw = { status: "FOUND", data: view(row) };
    return {
      found: true,
      status: row.status,
      amount: Number(row.amount).toFixed(2),
      currency: row.currency,
      country: row.country,
      provider: row.provider,
      providerTransactionId: row.providerTransactionId,
      failureCode: row.failureCode,
      failureMessage: row.failureCode ? `Test mode: ${row.failureCode}` : null,
      raw,
    };
  }

  const rejected = (id: string, failureCode: string, failureMessage: string) => ({
    kind: "rejected" as const,
    failureCode,
    failureMessage,
    raw: { depositId: id, status: "REJECTED", failureReason: { failureCode, failureMessage } },
  });

  /** The "PIN prompt" (or the refund's transfer) ends by itself; the callback follows, as pawaPay's would. */
  function settleSoon(id: string) {
    setTimeout(() => {
      void (async () => {
        const current = await find(id);
        if (current?.status !== "ACCEPTED") return;
        await deliver(await settle(current));
      })().catch(() => undefined);
    }, DIRECT_SETTLE_MS).unref();
  }

  /** pawaPay's refund rules: a completed deposit, one refund at a time, never more than was paid. */
  async function refund(request: RefundRequest): Promise<InitiationResult> {
    if (await find(request.refundId)) return { kind: "duplicate", raw: { status: "DUPLICATE_IGNORED" } };
    const deposit = await find(request.depositId);
    const refused = (failureCode: string, failureMessage: string) => ({
      kind: "rejected" as const,
      failureCode,
      failureMessage,
      raw: { refundId: request.refundId, status: "REJECTED", failureReason: { failureCode, failureMessage } },
    });
    if (!deposit || deposit.kind !== "deposit") return refused("NOT_FOUND", "No such deposit");
    if (deposit.status !== "COMPLETED") return refused("INVALID_STATE", "The deposit is not completed");
    const earlier = await db.select().from(testProviderPayments).where(eq(testProviderPayments.depositId, deposit.id));
    if (earlier.some((r) => r.status === "ACCEPTED")) return refused("REFUND_IN_PROGRESS", "A refund is in progress");
    const refunded = earlier.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + Number(r.amount), 0);
    if (refunded >= Number(deposit.amount)) return refused("DEPOSIT_ALREADY_REFUNDED", "The deposit was refunded");
    if (refunded + Number(request.amount) > Number(deposit.amount))
      return refused("AMOUNT_TOO_LARGE", "The amount is more than what is left of the deposit");
    const now = new Date();
    await db.insert(testProviderPayments).values({
      id: request.refundId,
      kind: "refund",
      depositId: deposit.id,
      status: "ACCEPTED",
      amount: request.amount,
      currency: deposit.currency,
      country: deposit.country,
      phoneNumber: deposit.phoneNumber,
      provider: deposit.provider,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PAGE_LIFETIME_MS),
    });
    settleSoon(request.refundId);
    return { kind: "accepted", raw: { refundId: request.refundId, status: "ACCEPTED", created: now.toISOString() } };
  }

  async function direct(kind: "deposit" | "payout", request: MoneyRequest): Promise<InitiationResult> {
    if (await find(request.id)) return { kind: "duplicate", raw: { status: "DUPLICATE_IGNORED" } };
    const conf = PROVIDERS.find((p) => p.provider === request.provider);
    if (!conf || providerOf(request.phoneNumber)?.provider !== conf.provider)
      return rejected(request.id, "INVALID_PHONE_NUMBER", "Phone number does not belong to the provider");
    const now = new Date();
    const [row] = await db
      .insert(testProviderPayments)
      .values({
        id: request.id,
        kind,
        status: "ACCEPTED",
        amount: request.amount,
        currency: request.currency,
        country: conf.country,
        phoneNumber: request.phoneNumber,
        provider: conf.provider,
        customerMessage: request.customerMessage,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PAGE_LIFETIME_MS),
      })
      .returning();
    // The "PIN prompt" is answered by the test number.
    settleSoon(row!.id);
    return {
      kind: "accepted",
      raw: {
        [kind === "deposit" ? "depositId" : "payoutId"]: request.id,
        status: "ACCEPTED",
        created: now.toISOString(),
      },
    };
  }

  const activeConf = (country?: string, operationType?: string): ActiveConf => ({
    signedCallbacks: true,
    raw: { testMode: true },
    countries: Object.entries(PREFIX)
      .filter(([code]) => !country || code === country)
      .map(([code, prefix]) => ({
        country: code,
        prefix,
        providers: PROVIDERS.filter((p) => p.country === code).map((p) => ({
          provider: p.provider,
          displayName: p.displayName,
          currencies: [
            {
              currency: p.currency,
              operationTypes: Object.fromEntries(
                ["DEPOSIT", "PAYOUT", "REFUND"]
                  .filter((t) => !operationType || t === operationType)
                  .map((t) => [
                    t,
                    { minAmount: "5", maxAmount: "5000000", decimals: 0 as const, status: "OPERATIONAL" },
                  ]),
              ),
            },
          ],
        })),
      })),
  });

  return {
    mode: "test",
    signingKey: { id: TEST_KEY_ID, privateKey },
    setCallbackSink(next) {
      sink = next;
    },
    async createPaymentPage(request: PaymentPageRequest): Promise<PaymentPageResult> {
      if (!/^[A-Za-z0-9 ]{4,22}$/.test(request.customerMessage))
        return rejected(
          request.depositId,
          "INVALID_PARAMETER",
          "customerMessage must be 4-22 letters, digits or spaces",
        );
      const conf = providerOf(request.phoneNumber);
      if (!/^\d{12}$/.test(request.phoneNumber) || !conf || conf.country !== request.country)
        return rejected(request.depositId, "INVALID_PHONE_NUMBER", "No provider for this phone number");
      if (conf.currency !== request.currency)
        return rejected(request.depositId, "INVALID_CURRENCY", "Currency does not match the country");
      const now = new Date();
      await db.insert(testProviderPayments).values({
        id: request.depositId,
        kind: "deposit",
        status: "OPEN",
        returnUrl: request.returnUrl,
        amount: request.amount,
        currency: request.currency,
        country: request.country,
        phoneNumber: request.phoneNumber,
        provider: conf.provider,
        customerMessage: request.customerMessage,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PAGE_LIFETIME_MS),
      });
      // The TEST MODE page lives on the same site the customer returns to.
      const redirectUrl = `${new URL(request.returnUrl).origin}/test-payments/${request.depositId}`;
      return { kind: "redirect", redirectUrl, raw: { redirectUrl, testMode: true } };
    },
    initiateDeposit: (request) => direct("deposit", request),
    initiatePayout: (request) => direct("payout", request),
    getDeposit: (id) => state(id, "deposit"),
    getPayout: (id) => state(id, "payout"),
    initiateRefund: refund,
    getRefund: (id) => state(id, "refund"),
    async resendCallback(_kind, id) {
      const row = await find(id);
      if (!row) return rejected(id, "NOT_FOUND", "No such payment");
      if (row.status !== "COMPLETED" && row.status !== "FAILED")
        return rejected(id, "INVALID_STATE", "Payment is not final");
      await deliver(row);
      return { kind: "accepted", raw: { status: "ACCEPTED" } };
    },
    async activeConf(query) {
      return activeConf(query.country, query.operationType);
    },
    async predictProvider(phoneNumber) {
      let digits = phoneNumber.replace(/\D/g, "");
      for (const prefix of Object.values(PREFIX))
        if (digits.startsWith(`${prefix}0`)) digits = prefix + digits.slice(prefix.length + 1);
      const conf = digits.length === 12 ? providerOf(digits) : null;
      if (!conf) {
        throw new ProviderError(
          "refused",
          "Phone number is not valid for any supported country",
          400,
          "INVALID_PARAMETER",
        );
      }
      return { country: conf.country, provider: conf.provider, phoneNumber: digits };
    },
    async availability(query) {
      return activeConf(query.country).countries.map((c) => ({
        country: c.country,
        providers: c.providers.map((p) => ({
          provider: p.provider,
          statuses: { DEPOSIT: "OPERATIONAL", PAYOUT: "OPERATIONAL", REFUND: "OPERATIONAL" },
        })),
      }));
    },
    async publicKeys() {
      return [{ id: TEST_KEY_ID, key: publicPem }];
    },
    session: find,
    async decide(depositId, decision) {
      const row = await find(depositId);
      if (!row || row.kind !== "deposit" || row.status !== "OPEN" || row.expiresAt.getTime() < Date.now()) return null;
      if (decision === "timeout") {
        // The page is abandoned: no deposit ever exists and no callback is sent, as with pawaPay.
        const [expired] = await db
          .update(testProviderPayments)
          .set({ status: "EXPIRED" })
          .where(and(eq(testProviderPayments.id, depositId), eq(testProviderPayments.status, "OPEN")))
          .returning();
        return expired ?? null;
      }
      const [final] = await db
        .update(testProviderPayments)
        .set(
          decision === "approve"
            ? { status: "COMPLETED", providerTransactionId: `TEST${randomInt(1e9, 1e10 - 1)}` }
            : { status: "FAILED", failureCode: "PAYMENT_NOT_APPROVED" },
        )
        // Only while still open: of parallel decisions exactly one changes the row and calls back.
        .where(and(eq(testProviderPayments.id, depositId), eq(testProviderPayments.status, "OPEN")))
        .returning();
      if (!final) return null;
      await deliver(final);
      return final;
    },
  };
}
