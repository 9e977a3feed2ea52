import { createHash, generateKeyPairSync, randomUUID, sign as cryptoSign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serializeDictionary, serializeInnerList, type Item, type Parameters } from "structured-headers";

/**
 * A loopback pawaPay Merchant API v2 (see ../shared/reference/pawapay.md, last section): bearer
 * auth, v2 validation and rejection codes, the hosted payment page with its expiry and return
 * redirect, the sandbox test-number outcomes, signed callbacks with faults, and a controllable
 * clock. It signs on its own (not with the product's code), so a shared bug cannot hide.
 */

type Json = Record<string, unknown>;
export type CallbackSigning =
  | "ok"
  | "wrong-key"
  | "tampered"
  | "expired"
  /** Created ten minutes ago, with an `expires` still far ahead (as pawaPay's Java example writes it). */
  | "stale"
  | "raw-rs"
  | "missing-headers"
  | "unsigned";
/**
 * Whose signer the callback imitates:
 * - "docs": pawaPay's documentation (components and header set of docs v2/docs/signatures);
 * - "java": pawaPay/signatures-java-example (SignatureUtils.generate with the default request
 *   components: @query whenever the URL has one, and its value without "?"; `expires` = created +
 *   60 000 because milliseconds are added to seconds; ISO_INSTANT Signature-Date);
 * - "node": pawaPay/signatures-node-example (http-message-signatures 1.0.x `signMessage`: keyid
 *   before alg, `expires` = created + 300, lower-case @authority without a default port).
 * All three sign ECDSA P-256 in DER, as JCA and Node do by default.
 */
export type CallbackStyle = "docs" | "java" | "node";
type ProviderStatus = "OPERATIONAL" | "DELAYED" | "CLOSED";

interface Limits {
  min: number;
  max: number;
  decimals: 0 | 2;
}

const PROVIDERS: Record<
  string,
  { country: string; currency: string; prefixes: string[]; displayName: string; deposit: Limits; payout: Limits }
> = {
  MTN_MOMO_RWA: {
    country: "RWA",
    currency: "RWF",
    prefixes: ["25078", "25079"],
    displayName: "MTN",
    deposit: { min: 100, max: 2_000_000, decimals: 0 },
    payout: { min: 100, max: 2_000_000, decimals: 0 },
  },
  AIRTEL_RWA: {
    country: "RWA",
    currency: "RWF",
    prefixes: ["25072", "25073"],
    displayName: "Airtel",
    deposit: { min: 100, max: 2_000_000, decimals: 0 },
    payout: { min: 100, max: 2_000_000, decimals: 0 },
  },
  MTN_MOMO_UGA: {
    country: "UGA",
    currency: "UGX",
    prefixes: ["25677", "25678"],
    displayName: "MTN",
    deposit: { min: 500, max: 5_000_000, decimals: 2 },
    payout: { min: 500, max: 5_000_000, decimals: 2 },
  },
  AIRTEL_OAPI_UGA: {
    country: "UGA",
    currency: "UGX",
    prefixes: ["25670", "25675"],
    displayName: "Airtel",
    deposit: { min: 500, max: 5_000_000, decimals: 0 },
    payout: { min: 500, max: 5_000_000, decimals: 0 },
  },
  MPESA_KEN: {
    country: "KEN",
    currency: "KES",
    prefixes: ["2547", "2541"],
    displayName: "M-Pesa",
    deposit: { min: 10, max: 150_000, decimals: 0 },
    payout: { min: 10, max: 150_000, decimals: 2 },
  },
};
const COUNTRY_PREFIX: Record<string, string> = { RWA: "250", UGA: "256", KEN: "254" };

/** Sandbox test numbers: last three digits -> outcome (v2 failure codes). "STUCK" never finishes. */
const DEPOSIT_OUTCOMES: Record<string, Record<string, string>> = {
  MTN_MOMO_RWA: {
    "019": "PAYER_LIMIT_REACHED",
    "029": "PAYER_NOT_FOUND",
    "039": "PAYMENT_NOT_APPROVED",
    "069": "UNSPECIFIED_FAILURE",
    "129": "STUCK",
  },
  AIRTEL_RWA: {
    "039": "PAYMENT_NOT_APPROVED",
    "049": "INSUFFICIENT_BALANCE",
    "069": "UNSPECIFIED_FAILURE",
    "129": "STUCK",
  },
  MTN_MOMO_UGA: {
    "019": "PAYER_LIMIT_REACHED",
    "029": "PAYER_NOT_FOUND",
    "069": "UNSPECIFIED_FAILURE",
    "129": "STUCK",
  },
  AIRTEL_OAPI_UGA: {
    "019": "PAYER_LIMIT_REACHED",
    "039": "PAYMENT_NOT_APPROVED",
    "049": "INSUFFICIENT_BALANCE",
    "069": "UNSPECIFIED_FAILURE",
    "129": "STUCK",
  },
  MPESA_KEN: {
    "019": "PAYER_LIMIT_REACHED",
    "039": "PAYMENT_NOT_APPROVED",
    "049": "INSUFFICIENT_BALANCE",
    "059": "PAYMENT_IN_PROGRESS",
    "069": "UNSPECIFIED_FAILURE",
    "129": "STUCK",
  },
};
const PAYOUT_OUTCOMES: Record<string, string> = {
  "089": "RECIPIENT_NOT_FOUND",
  "099": "WALLET_LIMIT_REACHED",
  "109": "RECIPIENT_LIMIT_REACHED",
  "119": "UNSPECIFIED_FAILURE",
  "129": "STUCK",
};

const ID_FIELD = { deposit: "depositId", payout: "payoutId", refund: "refundId" } as const;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const AMOUNT = /^([0]|([1-9][0-9]{0,17}))([.][0-9]{0,3}[1-9])?$/;

export interface SimPayment {
  kind: "deposit" | "payout" | "refund";
  id: string;
  /** A refund: the deposit it gives back. */
  depositId?: string;
  status: "ACCEPTED" | "PROCESSING" | "IN_RECONCILIATION" | "COMPLETED" | "FAILED";
  amount: string;
  currency: string;
  country: string;
  phoneNumber: string;
  provider: string;
  customerMessage: string | null;
  created: string;
  providerTransactionId: string | null;
  failureCode: string | null;
  metadata: Json | null;
}

interface PageSession {
  token: string;
  depositId: string;
  returnUrl: string;
  amount: string | null;
  currency: string | null;
  country: string | null;
  phoneNumber: string | null;
  customerMessage: string | null;
  createdAt: number;
  used: boolean;
}

export interface CallbackAttempt {
  id: string;
  status: string;
  httpStatus: number | null;
  at: number;
  signing: CallbackSigning;
}

export interface SimulatorFaults {
  /** The next API call answers 500 UNKNOWN_ERROR; with `create`, a deposit/payout/refund is created first. */
  nextCallUnknownError?: { create: boolean } | null;
  /** Answer every API call this much later (the adapter's timeout case). */
  responseDelayMs?: number;
  /** Process the next call, then close the connection without answering. */
  dropNextResponse?: boolean;
  /** Hosted page: send the browser back before the deposit reaches its final status. */
  returnBeforeFinal?: boolean;
  callbackSigning?: CallbackSigning;
  callbackStyle?: CallbackStyle;
  /** Deliver each callback this many times. */
  callbackCopies?: number;
  /** Skip callbacks entirely. */
  dropCallbacks?: boolean;
  /** Before the final callback, also deliver a stale PROCESSING one (out of order). */
  staleCallbackAfterFinal?: boolean;
  /** Hold each callback this long before delivering it. */
  callbackDelayMs?: number;
  /** Refunds accepted from now on end FAILED with this code (the wallet is empty, the operator failed). */
  refundFailure?: string | null;
}

export interface PawapaySimulator {
  url: string;
  token: string;
  /** PEM of the callback signing key, as published at /v2/public-key/http. */
  publicKeyPem: string;
  keyId: string;
  payments: Map<string, SimPayment>;
  sessions: Map<string, PageSession>;
  requests: Array<{ method: string; path: string; status: number }>;
  callbacks: CallbackAttempt[];
  faults: SimulatorFaults;
  providerStatus: Record<string, ProviderStatus>;
  /** Each operation's callback target (pawaPay has one per operation type); null: no callbacks. */
  callbackUrl: { deposit: string | null; payout: string | null; refund: string | null };
  /** Milliseconds before an accepted payment reaches its final status. */
  finalDelayMs: number;
  advanceClock(ms: number): void;
  now(): number;
  /** The customer presses Pay on the hosted page (what the page's form does). */
  pay(depositId: string): Promise<SimPayment>;
  /** Move a payment to IN_RECONCILIATION, then (optionally) to a final status with a callback. */
  reconcile(id: string, final?: "COMPLETED" | "FAILED"): Promise<void>;
  /** Wait until pending finalisations and callback deliveries are done. */
  idle(): Promise<void>;
  /** Signed callback headers for an arbitrary body (storm tests forge and replay with it). */
  signedHeaders(body: Buffer, target: string, signing?: CallbackSigning, style?: CallbackStyle): Record<string, string>;
  close(): Promise<void>;
}

export async function startPawapaySimulator(
  options: { token?: string; finalDelayMs?: number; pageLifetimeMs?: number } = {},
): Promise<PawapaySimulator> {
  const token = options.token ?? "sim-token-0123456789";
  const pageLifetimeMs = options.pageLifetimeMs ?? 15 * 60 * 1000;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const wrongKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
  const keyId = "HTTP_EC_P256_KEY:1";
  const publicKeyPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  const pending = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise)).catch(() => undefined);
    return promise;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const sim: PawapaySimulator = {
    url: "",
    token,
    publicKeyPem,
    keyId,
    payments: new Map(),
    sessions: new Map(),
    requests: [],
    callbacks: [],
    faults: {},
    providerStatus: Object.fromEntries(Object.keys(PROVIDERS).map((p) => [p, "OPERATIONAL"])),
    callbackUrl: { deposit: null, payout: null, refund: null },
    finalDelayMs: options.finalDelayMs ?? 20,
    advanceClock(ms) {
      clockOffset += ms;
    },
    now,
    async pay(depositId) {
      const session = [...sim.sessions.values()].find((s) => s.depositId === depositId);
      if (!session) throw new Error(`no page session for ${depositId}`);
      const payment = confirmSession(session);
      if (typeof payment === "string") throw new Error(payment);
      return payment;
    },
    async reconcile(id, final) {
      const payment = sim.payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      payment.status = "IN_RECONCILIATION";
      if (final) {
        payment.status = final;
        if (final === "COMPLETED") payment.providerTransactionId ??= `SIM${Math.floor(Math.random() * 1e10)}`;
        else payment.failureCode ??= "UNSPECIFIED_FAILURE";
        await track(deliverCallback(payment));
      }
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    signedHeaders(body, target, signing = "ok", style = "docs") {
      return signHeaders(body, target, signing, style);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function providerOf(phone: string): string | null {
    for (const [code, provider] of Object.entries(PROVIDERS)) {
      if (provider.prefixes.some((prefix) => phone.startsWith(prefix))) return code;
    }
    return null;
  }

  function view(payment: SimPayment): Json {
    const party = { type: "MMO", accountDetails: { phoneNumber: payment.phoneNumber, provider: payment.provider } };
    return {
      [ID_FIELD[payment.kind]]: payment.id,
      ...(payment.depositId ? { depositId: payment.depositId } : {}),
      status: payment.status,
      // pawaPay normalises amounts with decimals: compare numerically.
      amount: Number(payment.amount).toFixed(2),
      currency: payment.currency,
      country: payment.country,
      [payment.kind === "deposit" ? "payer" : "recipient"]: party,
      ...(payment.customerMessage ? { customerMessage: payment.customerMessage } : {}),
      created: payment.created,
      ...(payment.providerTransactionId ? { providerTransactionId: payment.providerTransactionId } : {}),
      ...(payment.status === "FAILED"
        ? { failureReason: { failureCode: payment.failureCode, failureMessage: `Simulated ${payment.failureCode}` } }
        : {}),
      ...(payment.metadata ? { metadata: payment.metadata } : {}),
    };
  }

  function signHeaders(
    body: Buffer,
    targetText: string,
    signing: CallbackSigning,
    style: CallbackStyle,
  ): Record<string, string> {
    const target = new URL(targetText);
    const contentType = style === "node" ? "application/json" : "application/json; charset=UTF-8";
    if (signing === "unsigned") return { "content-type": contentType };
    const nowMs = now();
    let created = Math.floor(nowMs / 1000);
    if (signing === "expired") created -= 120;
    if (signing === "stale") created -= 600;
    const signedBody = signing === "tampered" ? Buffer.concat([body, Buffer.from(" ")]) : body;
    const digestBytes = createHash("sha512").update(signedBody).digest();
    const digest = serializeDictionary(new Map([["sha-512", [digestBytes, new Map()] as Item]]));
    const date = style === "java" ? isoInstantMicros(nowMs) : new Date(created * 1000).toISOString();
    const fields: Record<string, string> = {
      "signature-date": date,
      "content-digest": digest,
      "content-type": contentType,
      "content-length": String(body.length),
    };
    // Raw authority and query as written in the configured URL (the WHATWG parser would normalise them).
    const raw = /^[a-z]+:\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?/i.exec(targetText)!;
    const rawAuthority = raw[1]!;
    const rawQuery = raw[3];
    const components: Array<[string, string]> = [];
    let params: Parameters;
    const expiresIn = signing === "stale" || style === "java" ? 60_000 : style === "node" ? 300 : 60;
    if (style === "java") {
      components.push(["@method", "POST"], ["@authority", rawAuthority], ["@path", raw[2] || "/"]);
      if (rawQuery !== undefined) components.push(["@query", rawQuery]);
      for (const name of ["signature-date", "content-digest", "content-type", "content-length"])
        components.push([name, fields[name]!]);
      params = new Map<string, string | number>([
        ["alg", "ecdsa-p256-sha256"],
        ["keyid", keyId],
        ["created", created],
        ["expires", created + expiresIn],
      ]);
    } else if (style === "node") {
      const port =
        target.port && target.port !== (target.protocol === "https:" ? "443" : "80") ? `:${target.port}` : "";
      components.push(["@method", "POST"], ["@authority", `${target.hostname.toLowerCase()}${port}`]);
      components.push(["@path", target.pathname || "/"]);
      for (const name of ["signature-date", "content-digest", "content-type", "content-length"])
        components.push([name, fields[name]!]);
      params = new Map<string, string | number>([
        ["keyid", keyId],
        ["alg", "ecdsa-p256-sha256"],
        ["created", created],
        ["expires", created + expiresIn],
      ]);
    } else {
      components.push(["@method", "POST"], ["@authority", target.host], ["@path", target.pathname]);
      for (const name of ["signature-date", "content-digest", "content-type"]) components.push([name, fields[name]!]);
      params = new Map<string, string | number>([
        ["alg", "ecdsa-p256-sha256"],
        ["keyid", keyId],
        ["created", created],
        ["expires", created + expiresIn],
      ]);
    }
    const items: Item[] = components.map(([name]) => [name, new Map()]);
    const base = [
      ...components.map(([name, value]) => `"${name}": ${value}`),
      `"@signature-params": ${serializeInnerList([items, params])}`,
    ].join("\n");
    const key: KeyObject = signing === "wrong-key" ? wrongKey : privateKey;
    const signature = cryptoSign("sha256", Buffer.from(base), {
      key,
      dsaEncoding: signing === "raw-rs" ? "ieee-p1363" : "der",
    });
    const headers: Record<string, string> = {
      ...fields,
      "signature-input": serializeDictionary(new Map([["sig-pp", [items, params]]])),
      signature: serializeDictionary(new Map([["sig-pp", [signature, new Map()] as Item]])),
      "accept-signature": 'sig-pp=("@status" "signature-date" "content-digest");alg="ecdsa-p256-sha256"',
      "accept-digest": "sha-256, sha-512",
    };
    if (style === "docs") delete headers["content-length"];
    if (signing === "missing-headers") {
      delete headers.signature;
      delete headers["signature-input"];
    }
    return headers;
  }

  async function postCallback(target: string, payment: SimPayment, body: Json): Promise<number | null> {
    const bytes = Buffer.from(JSON.stringify(body));
    const signing = sim.faults.callbackSigning ?? "ok";
    const attempt: CallbackAttempt = {
      id: payment.id,
      status: String(body.status),
      httpStatus: null,
      at: now(),
      signing,
    };
    sim.callbacks.push(attempt);
    try {
      const response = await fetch(target, {
        method: "POST",
        headers: signHeaders(bytes, target, signing, sim.faults.callbackStyle ?? "docs"),
        body: bytes,
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      attempt.httpStatus = response.status;
    } catch {
      attempt.httpStatus = null;
    }
    return attempt.httpStatus;
  }

  /** Final-status callback; only HTTP 200 counts as delivered, otherwise retried (time-scaled window). */
  async function deliverCallback(payment: SimPayment): Promise<void> {
    const target = sim.callbackUrl[payment.kind];
    if (!target || sim.faults.dropCallbacks) return;
    if (sim.faults.callbackDelayMs) await sleep(sim.faults.callbackDelayMs);
    if (sim.faults.staleCallbackAfterFinal) {
      await postCallback(target, payment, { ...view(payment), status: "PROCESSING" });
    }
    const copies = Math.max(1, sim.faults.callbackCopies ?? 1);
    for (let copy = 0; copy < copies; copy += 1) {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const status = await postCallback(target, payment, view(payment));
        if (status === 200) break;
        await sleep(20 * 2 ** attempt);
      }
    }
  }

  function outcomeFor(payment: SimPayment): string {
    if (payment.kind === "refund") return payment.failureCode ?? "COMPLETED";
    const suffix = payment.phoneNumber.slice(-3);
    if (payment.kind === "payout") return PAYOUT_OUTCOMES[suffix] ?? "COMPLETED";
    return DEPOSIT_OUTCOMES[payment.provider]?.[suffix] ?? "COMPLETED";
  }

  function settleLater(payment: SimPayment): Promise<void> {
    return track(
      (async () => {
        await sleep(sim.finalDelayMs);
        if (payment.status !== "ACCEPTED") return;
        payment.status = "PROCESSING";
        const outcome = outcomeFor(payment);
        if (outcome === "STUCK") return;
        await sleep(sim.finalDelayMs);
        if (payment.status !== "PROCESSING") return;
        if (outcome === "COMPLETED") {
          payment.status = "COMPLETED";
          payment.failureCode = null;
          payment.providerTransactionId = `SIM${Math.floor(Math.random() * 1e10)}`;
        } else {
          payment.status = "FAILED";
          payment.failureCode = outcome;
        }
        await deliverCallback(payment);
      })(),
    );
  }

  function createPayment(
    kind: SimPayment["kind"],
    fields: Omit<SimPayment, "kind" | "status" | "created" | "providerTransactionId" | "failureCode">,
  ): SimPayment {
    const payment: SimPayment = {
      kind,
      status: "ACCEPTED",
      created: new Date(now()).toISOString(),
      providerTransactionId: null,
      failureCode: null,
      ...fields,
    };
    sim.payments.set(payment.id, payment);
    return payment;
  }

  function confirmSession(session: PageSession): SimPayment | string {
    if (now() - session.createdAt > pageLifetimeMs) return "This payment link has expired.";
    if (session.used || sim.payments.has(session.depositId)) return "This payment link was already used.";
    session.used = true;
    const phone = session.phoneNumber ?? "250783456789";
    const provider = providerOf(phone) ?? "MTN_MOMO_RWA";
    const payment = createPayment("deposit", {
      id: session.depositId,
      amount: session.amount ?? "1000",
      currency: session.currency ?? PROVIDERS[provider]!.currency,
      country: session.country ?? PROVIDERS[provider]!.country,
      phoneNumber: phone,
      provider,
      customerMessage: session.customerMessage,
      metadata: null,
    });
    return payment;
  }

  type Answer = { status: number; body: unknown };
  const fail = (status: number, failureCode: string, failureMessage: string): Answer => ({
    status,
    body: { failureReason: { failureCode, failureMessage } },
  });
  const reject = (idField: string, id: unknown, failureCode: string, failureMessage: string): Answer => ({
    status: 200,
    body: { [idField]: id, status: "REJECTED", failureReason: { failureCode, failureMessage } },
  });

  function checkFields(body: Json, allowed: string[], required: string[]): Answer | null {
    for (const key of Object.keys(body))
      if (!allowed.includes(key)) return fail(400, "UNSUPPORTED_PARAMETER", `Unsupported parameter: ${key}`);
    for (const key of required)
      if (body[key] === undefined || body[key] === null || body[key] === "")
        return fail(400, "MISSING_PARAMETER", `Missing parameter: ${key}`);
    return null;
  }

  function checkCommon(body: Json, idField: string): Answer | null {
    if (typeof body[idField] !== "string" || !UUID_V4.test(body[idField]))
      return fail(400, "INVALID_PARAMETER", `${idField} must be a UUIDv4`);
    const message = body.customerMessage;
    if (
      message !== undefined &&
      (typeof message !== "string" || message.length < 4 || message.length > 22 || !/^[a-zA-Z0-9 ]+$/.test(message))
    ) {
      return fail(400, "INVALID_PARAMETER", "customerMessage must be 4-22 letters, digits or spaces");
    }
    const metadata = body.metadata;
    if (metadata !== undefined) {
      if (!Array.isArray(metadata) || metadata.length > 10)
        return fail(400, "INVALID_PARAMETER", "metadata must be an array of at most 10 items");
      const keys = new Set<string>();
      for (const item of metadata as Json[]) {
        for (const key of Object.keys(item).filter((k) => k !== "isPII")) {
          if (keys.has(key)) return fail(400, "DUPLICATE_METADATA_FIELD", `Duplicate metadata field ${key}`);
          keys.add(key);
        }
      }
    }
    return null;
  }

  function checkAmount(
    idField: string,
    id: unknown,
    provider: string,
    amount: string,
    currency: string,
    operation: "deposit" | "payout",
  ): Answer | null {
    const conf = PROVIDERS[provider]!;
    if (!AMOUNT.test(amount)) return reject(idField, id, "INVALID_AMOUNT", "Amount format is not valid");
    if (currency !== conf.currency)
      return reject(idField, id, "INVALID_CURRENCY", `${provider} does not take ${currency}`);
    const limits = conf[operation];
    if (limits.decimals === 0 && amount.includes("."))
      return reject(idField, id, "INVALID_AMOUNT", "This provider takes whole amounts only");
    const value = Number(amount);
    if (value < limits.min || value > limits.max)
      return reject(idField, id, "AMOUNT_OUT_OF_BOUNDS", `Amount must be between ${limits.min} and ${limits.max}`);
    if (sim.providerStatus[provider] === "CLOSED")
      return reject(idField, id, "PROVIDER_TEMPORARILY_UNAVAILABLE", `${provider} is closed`);
    return null;
  }

  function flatMetadata(metadata: unknown): Json | null {
    if (!Array.isArray(metadata)) return null;
    return Object.assign(
      {},
      ...(metadata as Json[]).map((item) => Object.fromEntries(Object.entries(item).filter(([k]) => k !== "isPII"))),
    );
  }

  function handlePaymentPage(body: Json, origin: string): Answer {
    const bad =
      checkFields(
        body,
        [
          "depositId",
          "returnUrl",
          "customerMessage",
          "amountDetails",
          "phoneNumber",
          "language",
          "country",
          "reason",
          "metadata",
        ],
        ["depositId", "returnUrl"],
      ) ?? checkCommon(body, "depositId");
    if (bad) return bad;
    const id = body.depositId;
    if (typeof body.returnUrl !== "string" || !/^https?:\/\//.test(body.returnUrl))
      return fail(400, "INVALID_PARAMETER", "returnUrl must be an absolute URL");
    if (
      body.reason !== undefined &&
      (typeof body.reason !== "string" || body.reason.length < 1 || body.reason.length > 50)
    )
      return fail(400, "INVALID_PARAMETER", "reason must be 1-50 characters");
    if (body.language !== undefined && body.language !== "EN" && body.language !== "FR")
      return fail(400, "INVALID_PARAMETER", "language must be EN or FR");
    const country = body.country as string | undefined;
    if (country !== undefined && !COUNTRY_PREFIX[country]) return fail(400, "INVALID_PARAMETER", "country not enabled");
    const phone = body.phoneNumber as string | undefined;
    let provider: string | null = null;
    if (phone !== undefined) {
      if (typeof phone !== "string" || !/^\d{12}$/.test(phone))
        return reject("depositId", id, "INVALID_PHONE_NUMBER", "Phone number is not a valid MSISDN");
      provider = providerOf(phone);
      if (!provider || (country && PROVIDERS[provider]!.country !== country))
        return reject("depositId", id, "INVALID_PHONE_NUMBER", "No provider for this phone number");
    }
    const details = body.amountDetails as Json | undefined;
    if (details !== undefined) {
      if (!country) return fail(400, "MISSING_PARAMETER", "country is required with amountDetails");
      if (typeof details.amount !== "string" || typeof details.currency !== "string")
        return fail(400, "INVALID_PARAMETER", "amountDetails needs amount and currency strings");
      const check = provider
        ? checkAmount("depositId", id, provider, details.amount, details.currency, "deposit")
        : Object.entries(PROVIDERS).find(([, p]) => p.country === country)
          ? checkAmount(
              "depositId",
              id,
              Object.entries(PROVIDERS).find(([, p]) => p.country === country)![0],
              details.amount,
              details.currency,
              "deposit",
            )
          : null;
      if (check) return check;
    }
    const sessionToken = randomUUID().replace(/-/g, "");
    sim.sessions.set(sessionToken, {
      token: sessionToken,
      depositId: id as string,
      returnUrl: body.returnUrl,
      amount: (details?.amount as string | undefined) ?? null,
      currency: (details?.currency as string | undefined) ?? null,
      country: country ?? null,
      phoneNumber: phone ?? null,
      customerMessage: (body.customerMessage as string | undefined) ?? null,
      createdAt: now(),
      used: false,
    });
    return { status: 200, body: { redirectUrl: `${origin}/pay/?token=${sessionToken}` } };
  }

  function handleMoney(kind: "deposit" | "payout", body: Json): Answer {
    const idField = kind === "deposit" ? "depositId" : "payoutId";
    const partyField = kind === "deposit" ? "payer" : "recipient";
    const bad =
      checkFields(
        body,
        [
          idField,
          "amount",
          "currency",
          partyField,
          "customerMessage",
          "clientReferenceId",
          "metadata",
          "preAuthorisationCode",
        ],
        [idField, "amount", "currency", partyField],
      ) ?? checkCommon(body, idField);
    if (bad) return bad;
    const id = body[idField] as string;
    // Idempotency is on the id alone, whatever the body says.
    if (sim.payments.has(id))
      return {
        status: 200,
        body: { [idField]: id, status: "DUPLICATE_IGNORED", created: sim.payments.get(id)!.created },
      };
    const party = body[partyField] as Json;
    const account = (party?.accountDetails ?? {}) as Json;
    if (party?.type !== "MMO") return fail(400, "INVALID_PARAMETER", `${partyField}.type must be MMO`);
    const phone = String(account.phoneNumber ?? "");
    const provider = String(account.provider ?? "");
    if (!PROVIDERS[provider]) return reject(idField, id, "INVALID_PROVIDER", "Unknown provider");
    if (!/^\d{12}$/.test(phone) || providerOf(phone) !== provider)
      return reject(idField, id, "INVALID_PHONE_NUMBER", "Phone number does not belong to the provider");
    const amountCheck = checkAmount(idField, id, provider, String(body.amount), String(body.currency), kind);
    if (amountCheck) return amountCheck;
    const payment = createPayment(kind, {
      id,
      amount: String(body.amount),
      currency: String(body.currency),
      country: PROVIDERS[provider]!.country,
      phoneNumber: phone,
      provider,
      customerMessage: (body.customerMessage as string | undefined) ?? null,
      metadata: flatMetadata(body.metadata),
    });
    void settleLater(payment);
    return {
      status: 200,
      body: {
        [idField]: id,
        status: "ACCEPTED",
        ...(kind === "deposit" ? { nextStep: "FINAL_STATUS" } : {}),
        created: payment.created,
      },
    };
  }

  /**
   * POST /v2/refunds: a completed deposit, one refund at a time, never more than what is left;
   * idempotent on refundId. The money goes back to the wallet that paid.
   */
  function handleRefund(body: Json): Answer {
    const bad =
      checkFields(body, ["refundId", "depositId", "amount", "currency", "metadata"], ["refundId", "depositId"]) ??
      checkCommon(body, "refundId");
    if (bad) return bad;
    const id = body.refundId as string;
    const existing = sim.payments.get(id);
    if (existing)
      return { status: 200, body: { refundId: id, status: "DUPLICATE_IGNORED", created: existing.created } };
    const deposit = sim.payments.get(String(body.depositId));
    if (!deposit || deposit.kind !== "deposit") return reject("refundId", id, "NOT_FOUND", "Deposit not found");
    if (deposit.status !== "COMPLETED") return reject("refundId", id, "INVALID_STATE", "Deposit is not COMPLETED");
    if (body.currency !== undefined && body.currency !== deposit.currency)
      return reject("refundId", id, "INVALID_CURRENCY", "Currency differs from the deposit's");
    const refunds = [...sim.payments.values()].filter((p) => p.kind === "refund" && p.depositId === deposit.id);
    if (refunds.some((r) => r.status !== "COMPLETED" && r.status !== "FAILED"))
      return reject("refundId", id, "REFUND_IN_PROGRESS", "Another refund of this deposit is in progress");
    const refunded = refunds.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + Number(r.amount), 0);
    const left = Number(deposit.amount) - refunded;
    if (left <= 0) return reject("refundId", id, "DEPOSIT_ALREADY_REFUNDED", "Deposit was already refunded");
    const amount = body.amount === undefined ? String(left) : String(body.amount);
    if (!AMOUNT.test(amount)) return reject("refundId", id, "INVALID_AMOUNT", "Amount format is not valid");
    if (Number(amount) > left) return reject("refundId", id, "AMOUNT_TOO_LARGE", "Amount is more than what is left");
    const payment = createPayment("refund", {
      id,
      depositId: deposit.id,
      amount,
      currency: deposit.currency,
      country: deposit.country,
      phoneNumber: deposit.phoneNumber,
      provider: deposit.provider,
      customerMessage: null,
      metadata: flatMetadata(body.metadata),
    });
    payment.failureCode = sim.faults.refundFailure ?? null;
    void settleLater(payment);
    return { status: 200, body: { refundId: id, status: "ACCEPTED", created: payment.created } };
  }

  function activeConf(query: URLSearchParams): Json {
    const country = query.get("country");
    const operationType = query.get("operationType");
    const countries = Object.entries(COUNTRY_PREFIX)
      .filter(([code]) => !country || code === country)
      .map(([code, prefix]) => ({
        country: code,
        prefix,
        displayName: { en: code, fr: code },
        providers: Object.entries(PROVIDERS)
          .filter(([, p]) => p.country === code)
          .map(([provider, p]) => ({
            provider,
            displayName: p.displayName,
            nameDisplayedToCustomer: p.displayName,
            currencies: [
              {
                currency: p.currency,
                displayName: p.currency,
                operationTypes: Object.fromEntries(
                  (["DEPOSIT", "PAYOUT"] as const)
                    .filter((type) => !operationType || type === operationType)
                    .map((type) => {
                      const limits = type === "DEPOSIT" ? p.deposit : p.payout;
                      return [
                        type,
                        {
                          minAmount: String(limits.min),
                          maxAmount: String(limits.max),
                          decimalsInAmount: limits.decimals === 2 ? "TWO_PLACES" : "NONE",
                          status: sim.providerStatus[provider],
                          callbackUrl: type === "DEPOSIT" ? sim.callbackUrl.deposit : sim.callbackUrl.payout,
                          ...(type === "DEPOSIT"
                            ? { authType: "PROVIDER_AUTH", pinPrompt: "AUTOMATIC", pinPromptRevivable: false }
                            : {}),
                        },
                      ];
                    }),
                ),
              },
            ],
          })),
      }));
    return {
      companyName: "Simulated Merchant",
      signatureConfiguration: { signedRequestsOnly: false, signedCallbacks: true },
      countries,
    };
  }

  function hostedPage(session: PageSession | undefined): string {
    const expired = !session || now() - session.createdAt > pageLifetimeMs;
    const content = expired
      ? `<h1>Payment link expired</h1><p>This payment link has expired or does not exist.</p>`
      : `<h1>Pay ${session.amount ?? ""} ${session.currency ?? ""}</h1><p>Wallet ${session.phoneNumber ?? "(choose)"}</p>
         <form method="post" action="/pay/confirm?token=${session.token}"><button type="submit">Pay</button></form>
         <form method="post" action="/pay/cancel?token=${session.token}"><button type="submit">Cancel</button></form>`;
    return `<!doctype html><html><head><title>pawaPay simulator</title></head><body>${content}</body></html>`;
  }

  function withDepositId(returnUrl: string, depositId: string): string {
    const url = new URL(returnUrl);
    url.searchParams.set("depositId", depositId);
    return url.toString();
  }

  async function route(
    request: IncomingMessage,
    raw: Buffer,
  ): Promise<Answer & { headers?: Record<string, string>; html?: string }> {
    const url = new URL(request.url ?? "/", "http://sim");
    const method = request.method ?? "GET";
    const origin = `http://${request.headers.host}`;

    // The hosted page is the customer's browser, not the merchant: no token.
    if (url.pathname === "/pay/" && method === "GET")
      return { status: 200, body: null, html: hostedPage(sim.sessions.get(url.searchParams.get("token") ?? "")) };
    if ((url.pathname === "/pay/confirm" || url.pathname === "/pay/cancel") && method === "POST") {
      const session = sim.sessions.get(url.searchParams.get("token") ?? "");
      if (!session) return { status: 404, body: null, html: hostedPage(undefined) };
      if (url.pathname === "/pay/cancel")
        return { status: 302, body: null, headers: { location: withDepositId(session.returnUrl, session.depositId) } };
      const payment = confirmSession(session);
      if (typeof payment === "string") return { status: 410, body: null, html: hostedPage(undefined) };
      const settled = settleLater(payment);
      if (!sim.faults.returnBeforeFinal) await settled;
      return { status: 302, body: null, headers: { location: withDepositId(session.returnUrl, session.depositId) } };
    }
    if (url.pathname === "/v2/public-key/http" && method === "GET")
      return { status: 200, body: [{ id: keyId, key: publicKeyPem }] };

    const auth = request.headers.authorization;
    if (!auth) return fail(401, "NO_AUTHENTICATION", "Authentication token is missing");
    if (auth !== `Bearer ${token}`) return fail(403, "AUTHENTICATION_ERROR", "Authentication token is not valid");

    let body: Json = {};
    if (method === "POST" && raw.length > 0) {
      try {
        const parsed: unknown = JSON.parse(raw.toString("utf8"));
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
          return fail(400, "INVALID_INPUT", "Body must be a JSON object");
        body = parsed as Json;
      } catch {
        return fail(400, "INVALID_INPUT", "Body is not valid JSON");
      }
    }

    const unknownError = sim.faults.nextCallUnknownError;
    if (unknownError) {
      sim.faults.nextCallUnknownError = null;
      if (
        unknownError.create &&
        method === "POST" &&
        (url.pathname === "/v2/deposits" || url.pathname === "/v2/payouts")
      ) {
        handleMoney(url.pathname === "/v2/deposits" ? "deposit" : "payout", body);
      }
      if (unknownError.create && method === "POST" && url.pathname === "/v2/paymentpage")
        handlePaymentPage(body, origin);
      if (unknownError.create && method === "POST" && url.pathname === "/v2/refunds") handleRefund(body);
      return fail(500, "UNKNOWN_ERROR", "Unknown error");
    }

    let match: RegExpExecArray | null;
    if (url.pathname === "/v2/paymentpage" && method === "POST") return handlePaymentPage(body, origin);
    if (url.pathname === "/v2/deposits" && method === "POST") return handleMoney("deposit", body);
    if (url.pathname === "/v2/payouts" && method === "POST") return handleMoney("payout", body);
    if (url.pathname === "/v2/refunds" && method === "POST") return handleRefund(body);
    if ((match = /^\/v2\/(deposits|payouts|refunds)\/([^/]+)$/.exec(url.pathname)) && method === "GET") {
      const payment = sim.payments.get(decodeURIComponent(match[2]!));
      const kind = match[1]!.slice(0, -1) as SimPayment["kind"];
      if (!payment || payment.kind !== kind) return { status: 200, body: { status: "NOT_FOUND" } };
      return { status: 200, body: { status: "FOUND", data: view(payment) } };
    }
    if (
      (match = /^\/v2\/(deposits|payouts|refunds)\/resend-callback\/([^/]+)$/.exec(url.pathname)) &&
      method === "POST"
    ) {
      const id = decodeURIComponent(match[2]!);
      const idField = ID_FIELD[match[1]!.slice(0, -1) as SimPayment["kind"]];
      const payment = sim.payments.get(id);
      if (!payment) return reject(idField, id, "NOT_FOUND", "No such payment");
      if (payment.status !== "COMPLETED" && payment.status !== "FAILED")
        return reject(idField, id, "INVALID_STATE", "Payment is not final");
      void track(deliverCallback(payment));
      return { status: 200, body: { [idField]: id, status: "ACCEPTED" } };
    }
    if (url.pathname === "/v2/active-conf" && method === "GET")
      return { status: 200, body: activeConf(url.searchParams) };
    if (url.pathname === "/v2/availability" && method === "GET") {
      const country = url.searchParams.get("country");
      return {
        status: 200,
        body: Object.keys(COUNTRY_PREFIX)
          .filter((code) => !country || code === country)
          .map((code) => ({
            country: code,
            providers: Object.entries(PROVIDERS)
              .filter(([, p]) => p.country === code)
              .map(([provider]) => ({
                provider,
                operationTypes: [
                  { operationType: "DEPOSIT", status: sim.providerStatus[provider] },
                  { operationType: "PAYOUT", status: sim.providerStatus[provider] },
                ],
              })),
          })),
      };
    }
    if (url.pathname === "/v2/predict-provider" && method === "POST") {
      const bad = checkFields(body, ["phoneNumber"], ["phoneNumber"]);
      if (bad) return bad;
      let digits = String(body.phoneNumber).replace(/\D/g, "");
      for (const prefix of Object.values(COUNTRY_PREFIX)) {
        if (digits.startsWith(`${prefix}0`)) digits = prefix + digits.slice(prefix.length + 1);
      }
      const provider = digits.length === 12 ? providerOf(digits) : null;
      if (!provider) return fail(400, "INVALID_PARAMETER", "Phone number is not valid for any supported country");
      return { status: 200, body: { country: PROVIDERS[provider]!.country, provider, phoneNumber: digits } };
    }
    return fail(404, "NOT_FOUND", `No route ${method} ${url.pathname}`);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const answer = await route(request, Buffer.concat(chunks));
        sim.requests.push({ method: request.method ?? "GET", path: request.url ?? "/", status: answer.status });
        const isApi = (request.url ?? "").startsWith("/v2/");
        if (isApi && sim.faults.dropNextResponse) {
          sim.faults.dropNextResponse = false;
          request.socket.destroy();
          return;
        }
        if (isApi && sim.faults.responseDelayMs) await sleep(sim.faults.responseDelayMs);
        if (answer.html !== undefined) {
          response.writeHead(answer.status, { "content-type": "text/html; charset=utf-8", ...answer.headers });
          response.end(answer.html);
          return;
        }
        response.writeHead(answer.status, {
          ...(answer.body === null ? {} : { "content-type": "application/json" }),
          ...answer.headers,
        });
        response.end(answer.body === null ? undefined : JSON.stringify(answer.body));
      })().catch((error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sim;
}

/** Java's DateTimeFormatter.ISO_INSTANT of a microsecond clock: "2024-06-10T11:13:07.123456Z". */
function isoInstantMicros(ms: number): string {
  const micros = String(Math.floor((ms % 1000) * 1000) + 1).padStart(6, "0");
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, `.${micros.slice(0, 6)}Z`);
}
