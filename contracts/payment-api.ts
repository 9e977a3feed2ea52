import { z } from "zod";
import {
  PAYMENT_AMOUNT_MIN,
  PAYMENT_AMOUNT_PATTERN,
  PAYMENT_COUNTRY_CODES,
  PAYMENT_DEFAULT_DESCRIPTION,
  PAYMENT_PHONE_MIN,
  PaymentCountryCode,
  PaymentCurrency,
  TransactionStatus,
  paymentCountry,
  paymentDescription,
  paymentMessages,
  paymentReceiptEmail,
} from "./payments.ts";

// What the payment endpoints take, and what staff read, beyond the visitor's own screens: the request
// bodies the server validates, the provider's declared endpoints and the admin's records. Kept out of
// ./payments.ts, which every checkout on the site loads: a Zod schema is built when its module is
// evaluated, and a phone would build these for nothing (issue 20).

/* ---------------------------------------------------------------- Requests (spec section 3) */

const amountValue = z
  .union([z.number(), z.string().trim().regex(PAYMENT_AMOUNT_PATTERN, paymentMessages.amountMin).transform(Number)], {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? paymentMessages.amountRequired : paymentMessages.amountMin,
  })
  .pipe(
    z
      .number()
      .finite(paymentMessages.amountMin)
      .min(PAYMENT_AMOUNT_MIN, paymentMessages.amountMin)
      .max(1_000_000_000, paymentMessages.amountMax),
  );

const phoneDigits = z
  .string({ error: paymentMessages.phoneMin })
  .trim()
  .regex(/^\d+$/, paymentMessages.phoneInvalid)
  .min(3 + PAYMENT_PHONE_MIN, paymentMessages.phoneMin)
  .max(15, paymentMessages.phoneInvalid);

/** Cross-field rules of a payment request: the phone's prefix and the currency belong to the country. */
function refineCountry<T extends { phoneNumber: string; currency: string; country: PaymentCountryCode }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  const country = paymentCountry(value.country);
  if (!country) return;
  if (!value.phoneNumber.startsWith(country.prefix)) {
    ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: paymentMessages.phonePrefix });
  }
  if (value.currency !== country.currency) {
    ctx.addIssue({ code: "custom", path: ["currency"], message: paymentMessages.currencyMismatch });
  }
}

const countryCode = z.enum(PAYMENT_COUNTRY_CODES, { error: paymentMessages.countryUnavailable });

/** Body of POST /api/hosted-payment (spec section 3). */
export const HostedPaymentRequest = z
  .object({
    phoneNumber: phoneDigits,
    amount: amountValue,
    currency: z.string({ error: paymentMessages.currencyMismatch }),
    description: paymentDescription.transform((value) => value ?? PAYMENT_DEFAULT_DESCRIPTION),
    country: countryCode,
    /** Not in the spec's request: where to email the receipt. */
    email: paymentReceiptEmail,
  })
  .superRefine(refineCountry);
export type HostedPaymentRequest = z.input<typeof HostedPaymentRequest>;
export type HostedPaymentRequestParsed = z.output<typeof HostedPaymentRequest>;

/* ---------------------------------------------------------------- Declared endpoints (spec section 7) */

export const PredictProviderRequest = z.object({
  phoneNumber: z.string().trim().min(PAYMENT_PHONE_MIN, paymentMessages.phoneMin).max(30, paymentMessages.phoneInvalid),
});
export const PredictProviderResponse = z.object({ country: z.string(), provider: z.string(), phoneNumber: z.string() });
export type PredictProviderResponse = z.infer<typeof PredictProviderResponse>;

export const ProviderInfo = z.object({
  provider: z.string(),
  displayName: z.string(),
  currency: z.string(),
  minAmount: z.string().nullable(),
  maxAmount: z.string().nullable(),
  decimals: z.number().int(),
  status: z.string(),
});
export type ProviderInfo = z.infer<typeof ProviderInfo>;

export const ActiveConfigResponse = z.object({
  country: z.string(),
  operationType: z.string(),
  providers: z.array(ProviderInfo),
});
export type ActiveConfigResponse = z.infer<typeof ActiveConfigResponse>;

export const ProvidersResponse = z.object({ country: z.string(), providers: z.array(ProviderInfo) });

/**
 * One mobile-money transfer to or from a phone. POST /api/deposits (a direct PIN-prompt deposit,
 * no hosted page, provider chosen or predicted) and POST /api/payouts (admins only) take the same
 * fields, so they share one schema and cannot drift apart.
 */
const MobileMoneyTransfer = z
  .object({
    phoneNumber: phoneDigits,
    amount: amountValue,
    currency: z.string({ error: paymentMessages.currencyMismatch }),
    country: countryCode,
    provider: z
      .string()
      .regex(/^[A-Z0-9_]{3,40}$/, "Provider is not valid")
      .optional(),
    description: paymentDescription.transform((value) => value ?? PAYMENT_DEFAULT_DESCRIPTION),
  })
  .superRefine(refineCountry);

export const DepositRequest = MobileMoneyTransfer;
export type DepositRequest = z.input<typeof DepositRequest>;

export const PaymentCreated = z.object({ transactionId: z.string(), status: TransactionStatus });
export type PaymentCreated = z.infer<typeof PaymentCreated>;

export const PayoutRequest = MobileMoneyTransfer;
export type PayoutRequest = z.input<typeof PayoutRequest>;

/* ---------------------------------------------------------------- Admin */

export const TransactionListQuery = z.object({
  status: TransactionStatus.optional(),
  kind: z.enum(["deposit", "payout", "refund"]).optional(),
  country: PaymentCountryCode.optional(),
  currency: PaymentCurrency.optional(),
  from: z.iso.date("from must be a date (YYYY-MM-DD)").optional(),
  to: z.iso.date("to must be a date (YYYY-MM-DD)").optional(),
  minAmount: z.coerce.number().min(0, "minAmount must be 0 or more").optional(),
  maxAmount: z.coerce.number().min(0, "maxAmount must be 0 or more").optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TransactionListQuery = z.input<typeof TransactionListQuery>;

export const AdminTransaction = z.object({
  id: z.string(),
  kind: z.enum(["deposit", "payout", "refund"]),
  status: TransactionStatus,
  providerStatus: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  country: z.string(),
  phoneNumber: z.string(),
  provider: z.string().nullable(),
  providerTransactionId: z.string().nullable(),
  description: z.string().nullable(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  orderType: z.string().nullable(),
  orderRef: z.string().nullable(),
  testMode: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AdminTransaction = z.infer<typeof AdminTransaction>;

export const TransactionList = z.object({
  items: z.array(AdminTransaction),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), completedAmount: z.string(), completedCount: z.number().int() })),
});
export type TransactionList = z.infer<typeof TransactionList>;

export const PaymentEvent = z.object({
  id: z.string(),
  source: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  applied: z.boolean(),
  raw: z.unknown(),
  createdAt: z.string(),
});
export type PaymentEvent = z.infer<typeof PaymentEvent>;

export const AdminTransactionDetail = z.object({ transaction: AdminTransaction, events: z.array(PaymentEvent) });
export type AdminTransactionDetail = z.infer<typeof AdminTransactionDetail>;
