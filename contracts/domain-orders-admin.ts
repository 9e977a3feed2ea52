import { z } from "zod";
import { DomainOrderLanguage, DomainOrderStatus, DomainQuoteView } from "./domain-orders.ts";
import { DOMAIN_CURRENCIES } from "./domains.ts";
import { AddOrderNote, OrderEvent, OrderFulfilment, orderPage } from "./orders.ts";
import { multiline } from "./text.ts";

// The domain orders, prices and registries as staff read and change them. Kept out of
// ./domain-orders.ts, which the domain search and order screens load: a Zod schema is built when its
// module is evaluated, and a visitor's phone would build these for nothing (issue 20).

/* ---------------------------------------------------------------- Admin */

export const DomainOrderSummary = z.object({
  id: z.string(),
  reference: z.string(),
  status: DomainOrderStatus,
  domain: z.string(),
  unicodeDomain: z.string(),
  years: z.number(),
  customerName: z.string(),
  email: z.string(),
  currency: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type DomainOrderSummary = z.infer<typeof DomainOrderSummary>;

export const DomainOrderListQuery = z.object({
  status: DomainOrderStatus.optional(),
  /** Part of the name, reference, email or registrant name. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const DomainOrderPage = orderPage(DomainOrderSummary);
export type DomainOrderPage = z.infer<typeof DomainOrderPage>;

export const DomainOrderEvent = OrderEvent;
export type DomainOrderEvent = z.infer<typeof DomainOrderEvent>;

export const DomainOrderDetail = DomainOrderSummary.extend({
  tld: z.string(),
  quote: DomainQuoteView,
  nameservers: z.array(z.string()),
  usesOurNameservers: z.boolean(),
  registrant: z.object({
    name: z.string(),
    organisation: z.string().nullable(),
    email: z.string(),
    phoneNumber: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
  }),
  language: DomainOrderLanguage,
  registrar: z.string().nullable(),
  registryReference: z.string().nullable(),
  /** The second availability check, after payment: what the registry said, and when. */
  recheck: z.object({ state: z.enum(["available", "registered", "unknown"]), at: z.string() }).nullable(),
  paidAt: z.string().nullable(),
  registeredAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  paymentTransactionId: z.string().nullable(),
  nextStatuses: z.array(DomainOrderStatus),
  events: z.array(DomainOrderEvent),
  /** Who registers it, and what they did, step by step, oldest first. */
  fulfilment: OrderFulfilment,
  /** Waiting on the registry (see DomainOrderView), with how many attempts it could not take. */
  registryWait: z
    .object({ kind: z.enum(["registry", "pending"]), nextAttemptAt: z.string().nullable(), attempts: z.number() })
    .nullable(),
  /** A renewal waits for staff to do it at the registry and record the new expiry. */
  renewalWaiting: z.object({ years: z.number(), since: z.string() }).nullable(),
  orderUrl: z.string(),
});
export type DomainOrderDetail = z.infer<typeof DomainOrderDetail>;

export const domainAdminMessages = {
  referenceMax: "The registry reference can be at most 120 characters",
  expiryInvalid: "Enter the expiry date as YYYY-MM-DD, after today",
  reasonRequired: "Say why, in a few words",
  priceInvalid: "Enter a price in US dollars, from 0.01 to 10000, with at most two decimals",
  rateInvalid: "Enter how many units one US dollar buys (more than 0)",
} as const;

/** A day after today, YYYY-MM-DD. */
const futureDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, domainAdminMessages.expiryInvalid)
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && Date.parse(`${value}T00:00:00Z`) > Date.now(),
    domainAdminMessages.expiryInvalid,
  );

export const DomainTransitionRequest = z.object({
  to: DomainOrderStatus,
  /** Marking registered: the registry's id for the name (ROID) or the registrar's order number. */
  registryReference: z.string().trim().max(120, domainAdminMessages.referenceMax).optional(),
  /** Marking registered: when the registration runs out (YYYY-MM-DD); default: the years bought from today. */
  expiresAt: futureDate.optional(),
  /** Sent to the customer with the change. */
  reason: multiline(z.string().trim().max(2000)).optional(),
});
export type DomainTransitionRequest = z.input<typeof DomainTransitionRequest>;

/** Staff renewed a name at the registry by hand: its new expiry. */
export const RecordDomainRenewal = z.object({ expiresAt: futureDate });
export type RecordDomainRenewal = z.input<typeof RecordDomainRenewal>;

export const AddDomainNote = AddOrderNote;

const usd = z
  .number({ error: domainAdminMessages.priceInvalid })
  .min(0.01, domainAdminMessages.priceInvalid)
  .max(10_000, domainAdminMessages.priceInvalid)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, domainAdminMessages.priceInvalid);

/** New prices for one TLD, in the stored currency (US dollars per year). */
export const UpdateTldPrice = z.object({ register: usd, renew: usd, transfer: usd });
export type UpdateTldPrice = z.infer<typeof UpdateTldPrice>;

export const UpdateDomainRate = z.object({
  perUsd: z
    .number({ error: domainAdminMessages.rateInvalid })
    .positive(domainAdminMessages.rateInvalid)
    .max(1_000_000, domainAdminMessages.rateInvalid),
});

/** A TLD's stored prices (USD) with what customers see in each currency. */
export const TldPriceItem = z.object({
  tld: z.string(),
  usd: z.object({ register: z.number(), renew: z.number(), transfer: z.number() }),
  register: z.record(z.enum(DOMAIN_CURRENCIES), z.number()),
  renew: z.record(z.enum(DOMAIN_CURRENCIES), z.number()),
  transfer: z.record(z.enum(DOMAIN_CURRENCIES), z.number()),
  changed: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TldPriceItem = z.infer<typeof TldPriceItem>;

export const DomainRateItem = z.object({
  code: z.enum(DOMAIN_CURRENCIES),
  perUsd: z.number(),
  roundTo: z.number(),
  changed: z.boolean(),
});
export type DomainRateItem = z.infer<typeof DomainRateItem>;

export const DomainPriceSheet = z.object({ tlds: z.array(TldPriceItem), rates: z.array(DomainRateItem) });
export type DomainPriceSheet = z.infer<typeof DomainPriceSheet>;

/** One configured EPP server as this instance sees it, for the admin dashboard. */
export const RegistryHealth = z.object({
  /** "epp:ricta" */
  id: z.string(),
  name: z.string(),
  /** host:port */
  endpoint: z.string(),
  tlds: z.array(z.string()),
  /** up: answered a <hello> just now; down: did not (lastError says why). */
  state: z.enum(["up", "down"]),
  sessions: z.number(),
  maxSessions: z.number(),
  serverId: z.string().nullable(),
  latencyMs: z.number().nullable(),
  lastOkAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  checkedAt: z.string(),
});
export type RegistryHealth = z.infer<typeof RegistryHealth>;
export const RegistryHealthList = z.object({ registries: z.array(RegistryHealth) });
export type RegistryHealthList = z.infer<typeof RegistryHealthList>;
