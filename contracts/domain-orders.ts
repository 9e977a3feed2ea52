import { z } from "zod";
import { OrderPayments } from "./orders.ts";
import { DOMAIN_CURRENCIES, type DomainCurrency, type TldPrice } from "./domains.ts";
import { MobileMoneyPhoneText, mobileMoneyPhone, paymentCountry } from "./payments.ts";

/* ---------------------------------------------------------------- Prices */

/** Mobile money pays in the country's own currency; USD is shown for comparison only. */
export const DOMAIN_PAYABLE_CURRENCIES = ["RWF", "UGX", "KES"] as const;
export const DomainPayableCurrency = z.enum(DOMAIN_PAYABLE_CURRENCIES);
export type DomainPayableCurrency = z.infer<typeof DomainPayableCurrency>;
export const DOMAIN_CURRENCY_COUNTRY: Record<DomainPayableCurrency, { country: string; prefix: string }> = {
  RWF: { country: "RWA", prefix: "250" },
  UGX: { country: "UGA", prefix: "256" },
  KES: { country: "KEN", prefix: "254" },
};

export const DOMAIN_YEARS_MIN = 1;
export const DOMAIN_YEARS_MAX = 10;

export interface DomainQuote {
  currency: DomainCurrency;
  years: number;
  /** The first year, at the registration price. */
  firstYear: number;
  /** Each later year, at the renewal price. */
  renewal: number;
  total: number;
}

/**
 * The price of registering a name for `years`: the first year at the registration price, every
 * later year at the renewal price (what the details page shows, and what the server charges).
 */
export function quoteDomain(
  price: Pick<TldPrice, "register" | "renew">,
  years: number,
  currency: DomainCurrency,
): DomainQuote {
  const firstYear = price.register[currency] ?? 0;
  const renewal = price.renew[currency] ?? 0;
  // Minor units, so 12.5 + 12.5 × 2 stays exact in USD.
  const total = Math.round(firstYear * 100 + renewal * 100 * (years - 1)) / 100;
  return { currency, years, firstYear, renewal, total };
}

/* ---------------------------------------------------------------- States */

export const DOMAIN_ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "registered",
  "needs_refund",
  "refunded",
  "cancelled",
] as const;
export const DomainOrderStatus = z.enum(DOMAIN_ORDER_STATUSES);
export type DomainOrderStatus = z.infer<typeof DomainOrderStatus>;

/**
 * Where an order may go next. Only a payment makes an order paid. A paid order is registered,
 * or, when the name was lost between payment and registration, waits for its refund.
 * registered, refunded and cancelled are final.
 */
export const DOMAIN_ORDER_TRANSITIONS: Record<DomainOrderStatus, readonly DomainOrderStatus[]> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["registered", "needs_refund"],
  needs_refund: ["refunded"],
  registered: [],
  refunded: [],
  cancelled: [],
};

export function canMoveDomainOrder(from: DomainOrderStatus, to: DomainOrderStatus): boolean {
  return DOMAIN_ORDER_TRANSITIONS[from].includes(to);
}

/** Languages an order's emails can be written in (English until the catalogs are translated). */
export const DOMAIN_ORDER_LANGUAGES = ["en", "fr", "sw", "rw"] as const;
export const DomainOrderLanguage = z.enum(DOMAIN_ORDER_LANGUAGES);
export type DomainOrderLanguage = z.infer<typeof DomainOrderLanguage>;

/* ---------------------------------------------------------------- Validation */

/** English validation messages; the browser shows its catalog's words for each code (decision 0004). */
export const domainOrderMessages = {
  domainRequired: "Choose the domain name to register",
  yearsRange: "Register for 1 to 10 years",
  currencyInvalid: "Pay in RWF, UGX or KES",
  nameRequired: "Enter the registrant's full name",
  nameMax: "The name can be at most 120 characters",
  organisationMax: "The organisation can be at most 120 characters",
  emailInvalid: "Enter a valid email address",
  addressRequired: "Enter the street address",
  addressMax: "The address can be at most 200 characters",
  cityRequired: "Enter the city",
  cityMax: "The city can be at most 80 characters",
  countryInvalid: "Choose the registrant's country",
  nameserversCount: "Give 2 to 4 nameservers, or use ours",
  nameserverInvalid: "Enter a nameserver host name such as ns1.example.com",
  nameserverDuplicate: "Each nameserver can be listed only once",
} as const;
export type DomainOrderMessageCode = keyof typeof domainOrderMessages;

/** The code of one of our messages, to show the catalog's words for it. */
export function domainOrderMessageCode(message: string | undefined): DomainOrderMessageCode | undefined {
  if (!message) return undefined;
  const entry = Object.entries(domainOrderMessages).find(([, text]) => text === message);
  return entry ? (entry[0] as DomainOrderMessageCode) : undefined;
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A nameserver: a fully qualified host name of at least two labels, no trailing dot, TLD not numeric. */
export function isNameserverHost(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split(".");
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label))) return false;
  return !/^\d+$/.test(labels.at(-1)!);
}

/** Codes that look like regions to Intl but are not countries a registrant lives in. */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "ZZ", "XA", "XB", "AA", "XK"]);
let countryNames: Intl.DisplayNames | null = null;

/** The English name of an ISO 3166-1 alpha-2 country code, or null when it is not one. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return null;
  countryNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  return countryNames.of(code) ?? null;
}

/** Every country code with a name, for the registrant's country select. */
export function countryCodes(): string[] {
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (countryName(code)) codes.push(code);
    }
  }
  return codes;
}

const trimmed = (min: number, minMessage: string, max: number, maxMessage: string) =>
  z.string({ error: minMessage }).trim().min(min, minMessage).max(max, maxMessage);

export const DomainRegistrant = z.object({
  name: trimmed(2, domainOrderMessages.nameRequired, 120, domainOrderMessages.nameMax),
  organisation: z.string().trim().max(120, domainOrderMessages.organisationMax).optional(),
  email: z
    .string({ error: domainOrderMessages.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email(domainOrderMessages.emailInvalid)),
  /** The national number, as on /payment (the full number is still taken); the order checks it against the currency's country. */
  phoneNumber: MobileMoneyPhoneText,
  address: trimmed(3, domainOrderMessages.addressRequired, 200, domainOrderMessages.addressMax),
  city: trimmed(2, domainOrderMessages.cityRequired, 80, domainOrderMessages.cityMax),
  country: z
    .string({ error: domainOrderMessages.countryInvalid })
    .trim()
    .toUpperCase()
    .refine((code) => countryName(code) !== null, domainOrderMessages.countryInvalid),
});
export type DomainRegistrant = z.output<typeof DomainRegistrant>;

export const DomainNameservers = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("ours") }),
    z.object({
      mode: z.literal("custom"),
      hosts: z
        .array(
          z
            .string()
            .trim()
            .toLowerCase()
            .overwrite((host) => host.replace(/\.$/, ""))
            .refine(isNameserverHost, domainOrderMessages.nameserverInvalid),
          { error: domainOrderMessages.nameserversCount },
        )
        .min(2, domainOrderMessages.nameserversCount)
        .max(4, domainOrderMessages.nameserversCount)
        .refine((hosts) => new Set(hosts).size === hosts.length, domainOrderMessages.nameserverDuplicate),
    }),
  ],
  { error: domainOrderMessages.nameserversCount },
);
export type DomainNameservers = z.output<typeof DomainNameservers>;

export const DomainOrderRequest = z
  .object({
    /** As typed or as shown (Unicode or A-label); the server checks it against every rule. */
    domain: z
      .string({ error: domainOrderMessages.domainRequired })
      .trim()
      .min(1, domainOrderMessages.domainRequired)
      .max(300, domainOrderMessages.domainRequired),
    years: z
      .number({ error: domainOrderMessages.yearsRange })
      .int(domainOrderMessages.yearsRange)
      .min(DOMAIN_YEARS_MIN, domainOrderMessages.yearsRange)
      .max(DOMAIN_YEARS_MAX, domainOrderMessages.yearsRange),
    currency: z.enum(DOMAIN_PAYABLE_CURRENCIES, { error: domainOrderMessages.currencyInvalid }),
    registrant: DomainRegistrant,
    nameservers: DomainNameservers.default({ mode: "ours" }),
    /** The language the customer used; the order's emails are written in it. */
    language: DomainOrderLanguage.default("en"),
  })
  .transform((order, ctx) => {
    // Stored, paid to and given to the registry as the MSISDN (calling code and number, digits only).
    const country = paymentCountry(DOMAIN_CURRENCY_COUNTRY[order.currency].country)!;
    const phoneNumber = mobileMoneyPhone(country, order.registrant.phoneNumber, ctx, ["registrant", "phoneNumber"]);
    return { ...order, registrant: { ...order.registrant, phoneNumber } };
  });
export type DomainOrderRequest = z.input<typeof DomainOrderRequest>;
export type DomainOrderRequestParsed = z.output<typeof DomainOrderRequest>;

export const DomainOrderCreated = z.object({
  token: z.string(),
  reference: z.string(),
  orderUrl: z.string(),
  redirectUrl: z.string(),
});
export type DomainOrderCreated = z.infer<typeof DomainOrderCreated>;

export const DomainQuoteView = z.object({
  currency: z.enum(DOMAIN_CURRENCIES),
  years: z.number(),
  firstYear: z.number(),
  renewal: z.number(),
  total: z.number(),
});

/** One step of an order's history as the customer sees it (staff notes stay with staff). */
export const DomainOrderStep = z.object({
  status: DomainOrderStatus,
  at: z.string(),
  /** Why, when staff or the after-payment check said so. */
  reason: z.string().nullable(),
});
export type DomainOrderStep = z.infer<typeof DomainOrderStep>;

/** What the customer sees behind the order link. */
export const DomainOrderView = z.object({
  reference: z.string(),
  status: DomainOrderStatus,
  domain: z.string(),
  unicodeDomain: z.string(),
  years: z.number(),
  nameservers: z.array(z.string()),
  usesOurNameservers: z.boolean(),
  registrantName: z.string(),
  quote: DomainQuoteView,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  registeredAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  history: z.array(DomainOrderStep),
  /** A payment can be (re)started: the order waits for payment. */
  canPay: z.boolean(),
  payments: OrderPayments,
  /**
   * Paid, and waiting on the registry: "registry" (it cannot take registrations now, maintenance or
   * an outage; we try again by ourselves at `nextAttemptAt`) or "pending" (it accepted and will finish).
   */
  registryWait: z.object({ kind: z.enum(["registry", "pending"]), nextAttemptAt: z.string().nullable() }).nullable(),
});
export type DomainOrderView = z.infer<typeof DomainOrderView>;
