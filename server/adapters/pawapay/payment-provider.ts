/**
 * What the payments module needs from a mobile-money provider, shaped after pawaPay's Merchant
 * API v2 (the real adapter) so the built-in test provider can follow exactly the same flow.
 * Every answer keeps the provider's raw JSON so staff can see what was actually said.
 */

export type OperationType = "DEPOSIT" | "PAYOUT" | "REFUND";

export interface PaymentPageRequest {
  depositId: string;
  returnUrl: string;
  amount: string;
  currency: string;
  country: string;
  phoneNumber: string;
  customerMessage: string;
  reason?: string;
  language?: "EN" | "FR";
  metadata?: Array<Record<string, string>>;
}

export interface MoneyRequest {
  id: string;
  amount: string;
  currency: string;
  phoneNumber: string;
  provider: string;
  customerMessage: string;
  clientReferenceId?: string;
  metadata?: Array<Record<string, string>>;
}

/** Gives (part of) a completed deposit back to the wallet that paid it. */
export interface RefundRequest {
  refundId: string;
  depositId: string;
  amount: string;
  currency: string;
  metadata?: Array<Record<string, string>>;
}

export type PaymentPageResult =
  | { kind: "redirect"; redirectUrl: string; raw: unknown }
  | { kind: "rejected"; failureCode: string; failureMessage: string | null; raw: unknown };

export type InitiationResult =
  | { kind: "accepted"; raw: unknown }
  | { kind: "duplicate"; raw: unknown }
  | { kind: "rejected"; failureCode: string; failureMessage: string | null; raw: unknown };

/** A deposit, payout or refund as the provider knows it. `status` is the provider's, possibly one we have never seen. */
export type ProviderPaymentState =
  | {
      found: false;
      /** The provider knows its page session ended without a payment. */ sessionExpired?: boolean;
      raw: unknown;
    }
  | {
      found: true;
      status: string;
      amount: string | null;
      currency: string | null;
      country: string | null;
      provider: string | null;
      providerTransactionId: string | null;
      failureCode: string | null;
      failureMessage: string | null;
      raw: unknown;
    };

export interface OperationConf {
  minAmount: string | null;
  maxAmount: string | null;
  decimals: 0 | 2;
  status: string;
}

export interface ProviderConf {
  provider: string;
  displayName: string;
  currencies: Array<{ currency: string; operationTypes: Partial<Record<string, OperationConf>> }>;
}

export interface ActiveConf {
  signedCallbacks: boolean | null;
  countries: Array<{ country: string; prefix: string | null; providers: ProviderConf[] }>;
  raw: unknown;
}

export interface PublicKey {
  id: string;
  key: string;
}

export interface PaymentProvider {
  /** "pawapay" for the real API, "test" for the built-in test provider (shown to staff and on receipts). */
  readonly mode: "live" | "test";
  createPaymentPage(request: PaymentPageRequest): Promise<PaymentPageResult>;
  initiateDeposit(request: MoneyRequest): Promise<InitiationResult>;
  getDeposit(depositId: string): Promise<ProviderPaymentState>;
  initiatePayout(request: MoneyRequest): Promise<InitiationResult>;
  getPayout(payoutId: string): Promise<ProviderPaymentState>;
  initiateRefund(request: RefundRequest): Promise<InitiationResult>;
  getRefund(refundId: string): Promise<ProviderPaymentState>;
  resendCallback(kind: "deposit" | "payout" | "refund", id: string): Promise<InitiationResult>;
  activeConf(query: { country?: string; operationType?: OperationType }): Promise<ActiveConf>;
  predictProvider(phoneNumber: string): Promise<{ country: string; provider: string; phoneNumber: string }>;
  availability(query: {
    country?: string;
    operationType?: OperationType;
  }): Promise<Array<{ country: string; providers: Array<{ provider: string; statuses: Record<string, string> }> }>>;
  publicKeys(): Promise<PublicKey[]>;
}

/**
 * A call whose outcome we do not know (timeout, network error, 5xx, UNKNOWN_ERROR): "unavailable";
 * or one the provider refused for a technical reason (4xx, bad token, bad parameter): "refused".
 * Neither ever means the payment failed: only a REJECTED answer or a FAILED status does.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: "unavailable" | "refused",
    message: string,
    readonly httpStatus: number | null = null,
    readonly failureCode: string | null = null,
    readonly raw: unknown = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
