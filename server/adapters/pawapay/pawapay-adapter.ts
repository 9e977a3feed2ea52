import { z } from "zod";
import {
  ProviderError,
  type ActiveConf,
  type InitiationResult,
  type MoneyRequest,
  type PaymentPageResult,
  type PaymentProvider,
  type ProviderConf,
  type ProviderPaymentState,
  type PublicKey,
} from "./payment-provider.ts";
import {
  ActiveConfAnswer,
  AvailabilityAnswer,
  FailureFields,
  InitiationAnswer,
  JsonObject,
  PaymentData,
  PaymentPageRedirect,
  PaymentPageRejection,
  PredictedProvider,
  PublicKeysAnswer,
  StatusEnvelope,
  type Failure,
} from "./pawapay-schemas.ts";

export interface PawapayOptions {
  baseUrl: string;
  token: string;
  /** Per call; a slower answer counts as "outcome unknown", never as a failure. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** pawaPay's reason for a rejection or an error, in whichever of its shapes it came. */
function failureOf(body: unknown): Failure | null {
  const parsed = FailureFields.safeParse(body);
  return parsed.success ? parsed.data : null;
}

function initiation(body: unknown): InitiationResult {
  const answer = InitiationAnswer.safeParse(body);
  // An initiation status we do not know (or no status): the outcome is unknown, so check status later.
  if (!answer.success) {
    const status = z.looseObject({ status: z.string() }).safeParse(body).data?.status;
    throw new ProviderError("unavailable", `unexpected initiation status ${status ?? "(none)"}`, 200, null, body);
  }
  const { status } = answer.data;
  if (status === "ACCEPTED") return { kind: "accepted", raw: body };
  if (status === "DUPLICATE_IGNORED") return { kind: "duplicate", raw: body };
  const failure = failureOf(body) ?? { failureCode: "UNKNOWN", failureMessage: null };
  return { kind: "rejected", ...failure, raw: body };
}

function paymentState(body: unknown, idField: "depositId" | "payoutId" | "refundId"): ProviderPaymentState {
  // v2: {status: FOUND | NOT_FOUND, data}; v1: an array of 0 or 1 payment; or the payment itself.
  let data: unknown;
  /** The answer says "found" but holds no payment: as good as not found. */
  let emptyIsNotFound = false;
  const envelope = StatusEnvelope.safeParse(body);
  if (Array.isArray(body)) {
    data = body[0];
    emptyIsNotFound = true;
  } else if (envelope.success) {
    if (envelope.data.status === "NOT_FOUND") return { found: false, raw: body };
    data = envelope.data.data;
    emptyIsNotFound = true;
  } else {
    // A `data` object, or the payment itself when it names its id.
    const object = JsonObject.safeParse(body);
    const inner = object.success ? JsonObject.safeParse(object.data.data) : undefined;
    data = inner?.success ? inner.data : object.success && object.data[idField] ? object.data : undefined;
  }
  if (emptyIsNotFound && !JsonObject.safeParse(data).success) return { found: false, raw: body };
  const payment = PaymentData.safeParse(data);
  if (!payment.success) throw new ProviderError("unavailable", "unexpected status answer", 200, null, body);
  const failure = failureOf(data);
  return {
    found: true,
    ...payment.data,
    failureCode: failure?.failureCode ?? null,
    failureMessage: failure?.failureMessage ?? null,
    raw: body,
  };
}

/** Both published shapes: `operationTypes` keyed by type, or an array with `operationType` in each item. */
export function parseActiveConf(body: unknown): ActiveConf {
  const root = ActiveConfAnswer.parse(body);
  return {
    signedCallbacks: root.signatureConfiguration?.signedCallbacks ?? null,
    raw: body,
    countries: root.countries.map((country) => ({
      country: country.country ?? "",
      prefix: country.prefix,
      providers: country.providers.map((provider): ProviderConf => ({
        provider: provider.provider ?? provider.correspondent ?? "",
        displayName: provider.displayName ?? provider.nameDisplayedToCustomer ?? provider.provider ?? "",
        currencies: provider.currencies.map((currency) => ({
          currency: currency.currency ?? "",
          operationTypes: currency.operationTypes,
        })),
      })),
    })),
  };
}

function connectionReset(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return ["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"].includes(cause?.code ?? "");
}

/** pawaPay Merchant API v2. Nothing here decides a payment's fate: it reports what pawaPay said. */
export function pawapayProvider(options: PawapayOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch = options.fetch ?? fetch;

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    const send = () =>
      doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json; charset=UTF-8" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    try {
      try {
        response = await send();
      } catch (error) {
        // A kept-alive connection the server had just closed: a GET is safe to send once more (RFC 9110 9.2.2).
        if (method !== "GET" || !connectionReset(error)) throw error;
        response = await send();
      }
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new ProviderError("unavailable", `pawaPay ${method} ${path} did not answer (${reason})`);
    }
    const text = await response.text().catch(() => "");
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    if (response.status >= 500 || response.status === 429) {
      const failure = failureOf(parsed);
      throw new ProviderError(
        "unavailable",
        `pawaPay ${method} ${path} answered ${response.status}`,
        response.status,
        failure?.failureCode ?? null,
        parsed,
      );
    }
    if (response.status >= 400) {
      const failure = failureOf(parsed);
      throw new ProviderError(
        "refused",
        `pawaPay ${method} ${path} answered ${response.status} ${failure?.failureCode ?? ""}: ${failure?.failureMessage ?? ""}`.trim(),
        response.status,
        failure?.failureCode ?? null,
        parsed,
      );
    }
    return parsed;
  }

  const party = (request: MoneyRequest) => ({
    type: "MMO",
    accountDetails: { phoneNumber: request.phoneNumber, provider: request.provider },
  });
  const optional = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

  return {
    mode: "live",
    async createPaymentPage(request): Promise<PaymentPageResult> {
      const body = await call(
        "POST",
        "/v2/paymentpage",
        optional({
          depositId: request.depositId,
          returnUrl: request.returnUrl,
          customerMessage: request.customerMessage,
          amountDetails: { amount: request.amount, currency: request.currency },
          phoneNumber: request.phoneNumber,
          language: request.language,
          // Required whenever amountDetails is given.
          country: request.country,
          reason: request.reason,
          metadata: request.metadata,
        }),
      );
      const redirect = PaymentPageRedirect.safeParse(body);
      if (redirect.success) return { kind: "redirect", redirectUrl: redirect.data.redirectUrl, raw: body };
      if (PaymentPageRejection.safeParse(body).success) {
        return {
          kind: "rejected",
          ...(failureOf(body) ?? { failureCode: "UNKNOWN", failureMessage: null }),
          raw: body,
        };
      }
      throw new ProviderError(
        "unavailable",
        "payment page answer had neither redirectUrl nor a rejection",
        200,
        null,
        body,
      );
    },
    async initiateDeposit(request) {
      return initiation(
        await call(
          "POST",
          "/v2/deposits",
          optional({
            depositId: request.id,
            amount: request.amount,
            currency: request.currency,
            payer: party(request),
            customerMessage: request.customerMessage,
            clientReferenceId: request.clientReferenceId,
            metadata: request.metadata,
          }),
        ),
      );
    },
    async getDeposit(depositId) {
      return paymentState(await call("GET", `/v2/deposits/${encodeURIComponent(depositId)}`), "depositId");
    },
    async initiatePayout(request) {
      return initiation(
        await call(
          "POST",
          "/v2/payouts",
          optional({
            payoutId: request.id,
            amount: request.amount,
            currency: request.currency,
            recipient: party(request),
            customerMessage: request.customerMessage,
            clientReferenceId: request.clientReferenceId,
            metadata: request.metadata,
          }),
        ),
      );
    },
    async getPayout(payoutId) {
      return paymentState(await call("GET", `/v2/payouts/${encodeURIComponent(payoutId)}`), "payoutId");
    },
    async initiateRefund(request) {
      return initiation(
        await call(
          "POST",
          "/v2/refunds",
          optional({
            refundId: request.refundId,
            depositId: request.depositId,
            amount: request.amount,
            currency: request.currency,
            metadata: request.metadata,
          }),
        ),
      );
    },
    async getRefund(refundId) {
      return paymentState(await call("GET", `/v2/refunds/${encodeURIComponent(refundId)}`), "refundId");
    },
    async resendCallback(kind, id) {
      return initiation(await call("POST", `/v2/${kind}s/resend-callback/${encodeURIComponent(id)}`));
    },
    async activeConf(query) {
      const params = new URLSearchParams(optional(query) as Record<string, string>);
      return parseActiveConf(await call("GET", `/v2/active-conf${params.size ? `?${params}` : ""}`));
    },
    async predictProvider(phoneNumber) {
      const body = await call("POST", "/v2/predict-provider", { phoneNumber });
      const predicted = PredictedProvider.safeParse(body);
      if (predicted.success) {
        const { country, provider, phoneNumber: cleaned } = predicted.data;
        return { country: country ?? "", provider, phoneNumber: cleaned };
      }
      const failure = failureOf(body);
      throw new ProviderError(
        "refused",
        failure?.failureMessage ?? "phone number not recognised",
        200,
        failure?.failureCode ?? "INVALID_PHONE_NUMBER",
        body,
      );
    },
    async availability(query) {
      const params = new URLSearchParams(optional(query) as Record<string, string>);
      const body = await call("GET", `/v2/availability${params.size ? `?${params}` : ""}`);
      return AvailabilityAnswer.parse(body).map((country) => ({
        country: country.country ?? "",
        providers: country.providers.map((provider) => ({
          provider: provider.provider ?? "",
          statuses: provider.operationTypes,
        })),
      }));
    },
    async publicKeys(): Promise<PublicKey[]> {
      const body = await call("GET", "/v2/public-key/http");
      return PublicKeysAnswer.parse(body).map(({ id, key }) => ({ id, key }));
    },
  };
}
