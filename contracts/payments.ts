import { z } from "zod";
import type { HostedPaymentRequest } from "./payment-api.ts";

/* ---------------------------------------------------------------- Countries (spec sections 3 and 9) */

export const PAYMENT_COUNTRY_CODES = ["RWA", "UGA", "KEN"] as const;
export const PaymentCountryCode = z.enum(PAYMENT_COUNTRY_CODES);
export type PaymentCountryCode = z.infer<typeof PaymentCountryCode>;

export const PAYMENT_CURRENCIES = ["RWF", "UGX", "KES"] as const;
export const PaymentCurrency = z.enum(PAYMENT_CURRENCIES);
export type PaymentCurrency = z.infer<typeof PaymentCurrency>;

export interface PaymentCountry {
  code: PaymentCountryCode;
  name: string;
  currency: PaymentCurrency;
  /** Calling code without "+". */
  prefix: string;
  flag: string;
  /** Digits after the prefix in a full mobile number (all three: 9). */
  nationalDigits: number;
}

export const paymentCountries: readonly PaymentCountry[] = [
  { code: "RWA", name: "Rwanda", currency: "RWF", prefix: "250", flag: "🇷🇼", nationalDigits: 9 },
  { code: "UGA", name: "Uganda", currency: "UGX", prefix: "256", flag: "🇺🇬", nationalDigits: 9 },
  { code: "KEN", name: "Kenya", currency: "KES", prefix: "254", flag: "🇰🇪", nationalDigits: 9 },
];
export const DEFAULT_PAYMENT_COUNTRY: PaymentCountryCode = "RWA";

export function paymentCountry(code: string | undefined | null): PaymentCountry | undefined {
  return paymentCountries.find((country) => country.code === code);
}

/* ---------------------------------------------------------------- Providers */

/**
 * The names customers know their wallets by, for pawaPay's provider codes in our three countries
 * (reference: pawaPay's provider table). Brand names: the same in every language.
 */
export const providerNames: Readonly<Record<string, string>> = {
  MTN_MOMO_RWA: "MTN MoMo",
  AIRTEL_RWA: "Airtel Money",
  MTN_MOMO_UGA: "MTN MoMo",
  AIRTEL_OAPI_UGA: "Airtel Money",
  MPESA_KEN: "M-Pesa",
};

/** "MTN MoMo" for `MTN_MOMO_RWA`; a code we have no name for reads as words ("VODACOM MPESA TZA"). */
export function providerDisplayName(code: string | null | undefined): string | null {
  if (!code) return null;
  return providerNames[code] ?? code.replace(/_/g, " ");
}

/* ---------------------------------------------------------------- Business constants (spec section 9) */

export const PAYMENT_AMOUNT_MIN = 5;
export const PAYMENT_PHONE_MIN = 9;
export const PAYMENT_DESCRIPTION_MIN = 4;
export const PAYMENT_DESCRIPTION_MAX = 22;
export const PAYMENT_DEFAULT_DESCRIPTION = "payment";
/** pawaPay keeps a payment page open this long; a payment not found after it never happened. */
export const PAYMENT_PAGE_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Validation and error messages, keyed by a stable code. The English text is the spec's, word for
 * word (sections 5 and 8); the web catalog translates each code.
 */
export const paymentMessages = {
  phoneMin: "Phone number must be at least 9 digits",
  phoneInvalid: "Phone number must contain only digits after the country code",
  phonePrefix: "Phone number must start with the country code of the selected country",
  phoneLength: "Phone number must be 9 digits without the country code",
  amountRequired: "Amount is required",
  amountMin: "Amount must be at least 5 RWF",
  amountWhole: "Amount must be a whole number",
  amountMax: "Amount is too large",
  descriptionMin: "Description must be at least 4 characters",
  descriptionMax: "Description must be 22 characters or less",
  descriptionChars: "Description can only contain letters, numbers and spaces",
  countryUnavailable: "Country not available",
  currencyMismatch: "Currency does not match the selected country",
  paymentFailedFallback: "Payment could not be completed",
  emailInvalid: "Please enter a valid email address",
} as const;
export type PaymentMessageCode = keyof typeof paymentMessages;

export function paymentMessageCode(message: string | undefined): PaymentMessageCode | undefined {
  if (!message) return undefined;
  const entry = Object.entries(paymentMessages).find(([, text]) => text === message);
  return entry ? (entry[0] as PaymentMessageCode) : undefined;
}

const DESCRIPTION_PATTERN = /^[A-Za-z0-9 ]+$/;

/** Description rules shared by the form and the API: trimmed, empty is absent, 4-22 letters/digits/spaces. */
export const paymentDescription = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(
    z
      .string()
      .min(PAYMENT_DESCRIPTION_MIN, paymentMessages.descriptionMin)
      .max(PAYMENT_DESCRIPTION_MAX, paymentMessages.descriptionMax)
      .regex(DESCRIPTION_PATTERN, paymentMessages.descriptionChars)
      .optional(),
  );

/** Where the receipt goes: optional; trimmed, empty is absent. */
export const paymentReceiptEmail = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.email(paymentMessages.emailInvalid).max(254, paymentMessages.emailInvalid).optional());

/** "1 000", "1,000.5" and similar are not numbers here: digits with an optional decimal part only. */
export const PAYMENT_AMOUNT_PATTERN = /^\d+(\.\d+)?$/;

/** Amount as typed (text of a number). */
const amountText = z
  .string()
  .trim()
  .min(1, paymentMessages.amountRequired)
  .refine(
    (value) => PAYMENT_AMOUNT_PATTERN.test(value) && Number(value) >= PAYMENT_AMOUNT_MIN,
    paymentMessages.amountMin,
  );

/* ---------------------------------------------------------------- Mobile-money phone number */

/**
 * One rule for the mobile-money number of every checkout (/payment, VPS, domain orders): the
 * customer types the national number (the country comes from the page: its country choice or the
 * currency paid in); we send pawaPay the MSISDN, calling code plus national number, digits only.
 */
export const mobileMoneyPhoneMessages = {
  phoneMin: paymentMessages.phoneMin,
  phoneInvalid: paymentMessages.phoneInvalid,
  phonePrefix: paymentMessages.phonePrefix,
  phoneLength: paymentMessages.phoneLength,
} as const;

/** The field as typed (spec section 5): at least 9 characters and 9 digits; the country is checked on sending. */
export const MobileMoneyNationalNumber = z
  .string({ error: paymentMessages.phoneMin })
  .trim()
  .min(PAYMENT_PHONE_MIN, paymentMessages.phoneMin)
  .refine((value) => value.replace(/\D/g, "").length >= PAYMENT_PHONE_MIN, paymentMessages.phoneMin);

/** Spec section 5: non-digits stripped, a leading 0 of the national form dropped, prefix prepended. */
export function internationalPhone(country: Pick<PaymentCountry, "prefix" | "nationalDigits">, typed: string): string {
  let digits = typed.replace(/\D/g, "");
  if (digits.startsWith(country.prefix) && digits.length === country.prefix.length + country.nationalDigits) {
    return digits;
  }
  digits = digits.replace(/^0+/, "");
  return `${country.prefix}${digits}`;
}

/** What may separate digits as people write numbers: spaces, dashes, dots, brackets, a leading +. */
const PHONE_TYPED = /^\+?[\d\s().-]*$/;

/**
 * What is wrong with a mobile-money number for a country, or undefined when it is a number of that
 * country. Takes the national number (783456789, 0783456789, 783 456 789) and, as older clients and
 * stored orders send it, the full number (250783456789, +250 783 456 789).
 */
export function mobileMoneyPhoneProblem(country: PaymentCountry, typed: string): string | undefined {
  const value = typed.trim();
  if (!PHONE_TYPED.test(value)) return paymentMessages.phoneInvalid;
  const digits = value.replace(/\D/g, "");
  const national = internationalPhone(country, value).slice(country.prefix.length);
  if (national.length === country.nationalDigits) return undefined;
  const other = paymentCountries.find(
    (c) =>
      c.code !== country.code && digits.startsWith(c.prefix) && digits.length === c.prefix.length + c.nationalDigits,
  );
  if (other) return paymentMessages.phonePrefix;
  return national.length < country.nationalDigits ? paymentMessages.phoneMin : paymentMessages.phoneLength;
}

/**
 * The check-and-normalise step for a request whose country is known from another field: adds the
 * issue at `path` and returns the MSISDN pawaPay wants (unchanged text when it is not valid).
 */
export function mobileMoneyPhone(
  country: PaymentCountry,
  typed: string,
  ctx: z.RefinementCtx,
  path: (string | number)[],
): string {
  const problem = mobileMoneyPhoneProblem(country, typed);
  if (problem) {
    ctx.addIssue({ code: "custom", path, message: problem });
    return typed;
  }
  return internationalPhone(country, typed);
}

/** A phone number field of a request before its country is known: text, not too long to be a number. */
export const MobileMoneyPhoneText = z
  .string({ error: paymentMessages.phoneMin })
  .trim()
  .max(30, paymentMessages.phoneLength);

/** The payment form (spec section 3): the phone is typed without the country code. */
export const PaymentForm = z.object({
  phoneNumber: MobileMoneyNationalNumber,
  provider: z.string().optional(),
  amount: amountText,
  description: paymentDescription,
  email: paymentReceiptEmail,
});
export type PaymentForm = z.infer<typeof PaymentForm>;
export type PaymentFormInput = z.input<typeof PaymentForm>;

/** What the page sends to POST /api/hosted-payment, built from a valid form. */
export function hostedPaymentRequest(country: PaymentCountry, form: PaymentForm): HostedPaymentRequest {
  return {
    phoneNumber: internationalPhone(country, form.phoneNumber),
    amount: Number(form.amount),
    currency: country.currency,
    description: form.description ?? PAYMENT_DEFAULT_DESCRIPTION,
    country: country.code,
    ...(form.email ? { email: form.email } : {}),
  };
}

export const HostedPaymentResponse = z.object({ transactionId: z.string(), redirectUrl: z.string() });
export type HostedPaymentResponse = z.infer<typeof HostedPaymentResponse>;

/* ---------------------------------------------------------------- Statuses (spec section 4) */

export const TRANSACTION_STATUSES = [
  "PAYMENT_INITIATED",
  "ACCEPTED",
  "PENDING",
  "TIMEOUT",
  "COMPLETED",
  "FAILED",
] as const;
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;
export const FINAL_STATUSES: readonly TransactionStatus[] = ["COMPLETED", "FAILED", "TIMEOUT"];
export const isFinalStatus = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);

export type StatusColour = "blue" | "green" | "red" | "grey";
/** The spec's label and colour table; "others: as received, grey". */
export const paymentStatusTable: Record<string, { label: string; colour: StatusColour }> = {
  PAYMENT_INITIATED: { label: "Payment Window Opened", colour: "blue" },
  PENDING: { label: "PENDING", colour: "blue" },
  ACCEPTED: { label: "ACCEPTED", colour: "blue" },
  COMPLETED: { label: "Payment Successful", colour: "green" },
  TIMEOUT: { label: "Payment Timed Out", colour: "red" },
  FAILED: { label: "FAILED", colour: "red" },
};

/** null for the ready state (nothing shown). */
export function paymentStatusDisplay(
  status: string | null | undefined,
): { label: string; colour: StatusColour } | null {
  if (!status) return null;
  return paymentStatusTable[status] ?? { label: status, colour: "grey" };
}

/* ---------------------------------------------------------------- Payment result in the address */

export const PaymentResult = z.object({
  success: z.boolean(),
  transactionId: z.string().max(100).optional(),
  status: z.string().max(50).optional(),
  error: z.string().max(500).optional(),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

/** The `paymentResult` query parameter (URL-decoded JSON); null when absent or malformed. */
export function parsePaymentResult(raw: string | null | undefined): PaymentResult | null {
  if (!raw) return null;
  try {
    const parsed = PaymentResult.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function encodePaymentResult(result: PaymentResult): string {
  return encodeURIComponent(JSON.stringify(result));
}

/* ---------------------------------------------------------------- Public status (receipt) */

/** GET /api/deposits/{id}/status: no phone number, no provider's developer message. */
export const PaymentStatusView = z.object({
  transactionId: z.string(),
  kind: z.enum(["deposit", "payout", "refund"]),
  status: TransactionStatus,
  amount: z.string(),
  currency: z.string(),
  country: z.string(),
  provider: z.string().nullable(),
  /** The wallet's name as customers know it ("MTN MoMo"), not the provider's code. */
  providerName: z.string().nullable(),
  providerTransactionId: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** A customer-facing reason when it failed (never the provider's developer text). */
  failureReason: z.string().nullable(),
  testMode: z.boolean(),
});
export type PaymentStatusView = z.infer<typeof PaymentStatusView>;
