import {
  ProviderError,
  type ActiveConf,
  type InitiationResult,
  type MoneyRequest,
  type OperationConf,
  type PaymentPageResult,
  type PaymentProvider,
  type ProviderConf,
  type ProviderPaymentState,
  type PublicKey,
} from "./payment-provider.ts";

export interface PawapayOptions {
  baseUrl: string;
  token: string;
  /** Per call; a slower answer counts as "outcome unknown", never as a failure. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;

/**
 * v2 `failureReason {failureCode, failureMessage}`, or v1 `rejectionReason {rejectionCode, rejectionMessage}`
 * (some v2 examples still print it).
 */
function failureOf(body: unknown): { failureCode: string; failureMessage: string | null } | null {
  if (!isObject(body)) return null;
  const v2 = body.failureReason;
  if (isObject(v2) && str(v2.failureCode))
    return { failureCode: str(v2.failureCode)!, failureMessage: str(v2.failureMessage) };
  const v1 = body.rejectionReason;
  if (isObject(v1) && str(v1.rejectionCode))
    return { failureCode: str(v1.rejectionCode)!, failureMessage: str(v1.rejectionMessage) };
  if (typeof v1 === "string") return { failureCode: v1, failureMessage: null };
  if (str(body.errorCode)) return { failureCode: str(body.errorCode)!, failureMessage: str(body.errorMessage) };
  return null;
}

function initiation(body: unknown): InitiationResult {
  const status = isObject(body) ? str(body.status) : null;
  if (status === "ACCEPTED") return { kind: "accepted", raw: body };
  if (status === "DUPLICATE_IGNORED") return { kind: "duplicate", raw: body };
  if (status === "REJECTED" || status === "FAILED") {
    const failure = failureOf(body) ?? { failureCode: "UNKNOWN", failureMessage: null };
    return { kind: "rejected", ...failure, raw: body };
  }
  // An initiation status we do not know: the outcome is unknown, so check status later.
  throw new ProviderError("unavailable", `unexpected initiation status ${status ?? "(none)"}`, 200, null, body);
}

function paymentState(body: unknown, idField: "depositId" | "payoutId" | "refundId"): ProviderPaymentState {
  // v2: {status: FOUND | NOT_FOUND, data}; v1: an array of 0 or 1 payment.
  let data: unknown;
  if (Array.isArray(body)) {
    data = body[0];
  } else if (isObject(body)) {
    if (body.status === "NOT_FOUND") return { found: false, raw: body };
    data = body.status === "FOUND" ? body.data : isObject(body.data) ? body.data : body[idField] ? body : undefined;
  }
  if (!isObject(data)) {
    if (Array.isArray(body) || (isObject(body) && body.status === "FOUND")) return { found: false, raw: body };
    throw new ProviderError("unavailable", "unexpected status answer", 200, null, body);
  }
  const party = isObject(data.payer) ? data.payer : isObject(data.recipient) ? data.recipient : {};
  const account = isObject(party.accountDetails) ? party.accountDetails : {};
  const failure = failureOf(data);
  return {
    found: true,
    status: str(data.status) ?? "UNKNOWN",
    amount: str(data.amount) ?? str(data.depositedAmount) ?? str(data.requestedAmount),
    currency: str(data.currency),
    country: str(data.country),
    provider: str(account.provider) ?? str(data.correspondent),
    providerTransactionId:
      str(data.providerTransactionId) ??
      (isObject(data.correspondentIds) ? str(Object.values(data.correspondentIds)[0]) : null),
    failureCode: failure?.failureCode ?? null,
    failureMessage: failure?.failureMessage ?? null,
    raw: body,
  };
}

function operationConf(value: unknown): OperationConf | null {
  if (!isObject(value)) return null;
  const decimals = str(value.decimalsInAmount);
  return {
    minAmount: str(value.minAmount) ?? str(value.minTransactionLimit),
    maxAmount: str(value.maxAmount) ?? str(value.maxTransactionLimit),
    decimals: decimals === "TWO_PLACES" ? 2 : 0,
    status: str(value.status) ?? "OPERATIONAL",
  };
}

/** Both published shapes: `operationTypes` keyed by type, or an array with `operationType` in each item. */
export function parseActiveConf(body: unknown): ActiveConf {
  const root = isObject(body) ? body : {};
  const signatures = isObject(root.signatureConfiguration) ? root.signatureConfiguration : null;
  const countries = Array.isArray(root.countries) ? root.countries : [];
  return {
    signedCallbacks: signatures && typeof signatures.signedCallbacks === "boolean" ? signatures.signedCallbacks : null,
    raw: body,
    countries: countries.filter(isObject).map((country) => ({
      country: str(country.country) ?? "",
      prefix: str(country.prefix),
      providers: (Array.isArray(country.providers) ? country.providers : [])
        .filter(isObject)
        .map((provider): ProviderConf => {
          const displayName =
            str(provider.displayName) ?? str(provider.nameDisplayedToCustomer) ?? str(provider.provider) ?? "";
          return {
            provider: str(provider.provider) ?? str(provider.correspondent) ?? "",
            displayName,
            currencies: (Array.isArray(provider.currencies) ? provider.currencies : [])
              .filter(isObject)
              .map((currency) => {
                const operationTypes: Record<string, OperationConf> = {};
                const types = currency.operationTypes;
                if (Array.isArray(types)) {
                  for (const item of types.filter(isObject)) {
                    const conf = operationConf(item);
                    const type = str(item.operationType);
                    if (conf && type) operationTypes[type] = conf;
                  }
                } else if (isObject(types)) {
                  for (const [type, value] of Object.entries(types)) {
                    const conf = operationConf(value);
                    if (conf) operationTypes[type] = conf;
                  }
                }
                return { currency: str(currency.currency) ?? "", operationTypes };
              }),
          };
        }),
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
      if (isObject(body) && typeof body.redirectUrl === "string")
        return { kind: "redirect", redirectUrl: body.redirectUrl, raw: body };
      if (isObject(body) && (body.status === "REJECTED" || body.status === "FAILED")) {
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
      if (isObject(body) && str(body.provider) && str(body.phoneNumber)) {
        return { country: str(body.country) ?? "", provider: str(body.provider)!, phoneNumber: str(body.phoneNumber)! };
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
      return (Array.isArray(body) ? body : []).filter(isObject).map((country) => ({
        country: str(country.country) ?? "",
        providers: (Array.isArray(country.providers) ? country.providers : []).filter(isObject).map((provider) => {
          const statuses: Record<string, string> = {};
          const types = provider.operationTypes;
          // Two published shapes: [{operationType, status}] or {PAYOUT: "OPERATIONAL"}.
          if (Array.isArray(types)) {
            for (const item of types.filter(isObject))
              if (str(item.operationType)) statuses[str(item.operationType)!] = str(item.status) ?? "UNKNOWN";
          } else if (isObject(types)) {
            for (const [type, status] of Object.entries(types))
              statuses[type] = str(status) ?? (isObject(status) ? (str(status.status) ?? "UNKNOWN") : "UNKNOWN");
          }
          return { provider: str(provider.provider) ?? "", statuses };
        }),
      }));
    },
    async publicKeys(): Promise<PublicKey[]> {
      const body = await call("GET", "/v2/public-key/http");
      const list = Array.isArray(body) ? body : isObject(body) ? [body] : [];
      return list
        .filter(isObject)
        .flatMap((item) => (str(item.id) && str(item.key) ? [{ id: str(item.id)!, key: str(item.key)! }] : []));
    },
  };
}
