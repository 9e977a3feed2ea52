import { z } from "zod";
import { OrderStepStatus, orderPage } from "./orders.ts";

/* ---------------------------------------------------------------- Renewals from the customer's account */

export const RENEWAL_KINDS = ["domain", "vps"] as const;
export type RenewalKind = (typeof RENEWAL_KINDS)[number];

export const RENEWAL_STATUSES = ["pending_payment", "paid", "with_staff", "completed", "failed", "refunded"] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/** A domain is renewed for whole years, at most ten at a time (the registries' own limit). */
export const DOMAIN_RENEWAL_MAX_YEARS = 10;

export const renewalMessages = {
  kindInvalid: "Choose a domain or a server to renew",
  idInvalid: "Choose one of your domains or servers",
  periodInvalid: "Choose one of the renewal periods on offer",
} as const;

/** POST /api/account/renewals: renew one of the signed-in customer's domains (years) or servers (months). */
export const RenewalRequest = z.object({
  kind: z.enum(RENEWAL_KINDS, renewalMessages.kindInvalid),
  id: z.uuid(renewalMessages.idInvalid),
  /** Years for a domain (1-10), months for a server (one of its billing periods). */
  period: z
    .number(renewalMessages.periodInvalid)
    .int(renewalMessages.periodInvalid)
    .min(1, renewalMessages.periodInvalid),
});
export type RenewalRequest = z.infer<typeof RenewalRequest>;

export const RenewalCreated = z.object({
  reference: z.string(),
  /** The mobile-money payment page; after paying the customer comes back to /account. */
  redirectUrl: z.string(),
});
export type RenewalCreated = z.infer<typeof RenewalCreated>;

/** One period the customer may choose, priced in the currency the service was bought in. */
export const RenewalOption = z.object({ period: z.number().int(), amount: z.number(), currency: z.string() });
export type RenewalOption = z.infer<typeof RenewalOption>;

/** What can be renewed: a registered domain or a running (or suspended) server. */
export const RenewableItem = z.object({
  kind: z.enum(RENEWAL_KINDS),
  id: z.string(),
  /** The domain name or the server's hostname. */
  label: z.string(),
  expiresAt: z.string(),
  /** "years" for domains, "months" for servers. */
  unit: z.enum(["years", "months"]),
  options: z.array(RenewalOption),
});
export type RenewableItem = z.infer<typeof RenewableItem>;

export const RenewalSummary = z.object({
  reference: z.string(),
  kind: z.enum(RENEWAL_KINDS),
  targetId: z.string(),
  label: z.string(),
  period: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(RENEWAL_STATUSES),
  newExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RenewalSummary = z.infer<typeof RenewalSummary>;

/** What happens around expiry, as the account page states it (the scheduler does exactly this). */
export const RenewalPolicy = z.object({
  reminderDays: z.array(z.number().int()),
  vpsGraceDays: z.number().int(),
  domainGraceDays: z.number().int(),
});
export type RenewalPolicy = z.infer<typeof RenewalPolicy>;

/** GET /api/account/renewals: what the signed-in customer can renew, their renewals, and the policy. */
export const AccountRenewals = z.object({
  items: z.array(RenewableItem),
  renewals: z.array(RenewalSummary),
  policy: RenewalPolicy,
});
export type AccountRenewals = z.infer<typeof AccountRenewals>;

/* ---------------------------------------------------------------- Renewals for staff */

/** What staff filter renewals by: one status, or those waiting on a person (with_staff and failed). */
export const STAFF_RENEWAL_FILTERS = ["attention", ...RENEWAL_STATUSES] as const;
export const StaffRenewalFilter = z.enum(STAFF_RENEWAL_FILTERS, "Choose a renewal status or attention");
export type StaffRenewalFilter = z.infer<typeof StaffRenewalFilter>;

export const StaffRenewalListQuery = z.object({
  status: StaffRenewalFilter.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffRenewalListQuery = z.infer<typeof StaffRenewalListQuery>;

/** A renewal as staff see it: who paid, what went wrong, and whether its payment can be sent back. */
export const StaffRenewal = RenewalSummary.extend({
  id: z.string(),
  email: z.string(),
  paidAt: z.string().nullable(),
  /** Why it waits on staff (with_staff, failed), in English like the rest of the admin area. */
  failure: z.string().nullable(),
  /** A failed, paid renewal whose refund has not been sent (or was refused and may be tried again). */
  refundable: z.boolean(),
  /** The latest refund of its payment, as the provider last reported it. */
  refund: z.object({ status: OrderStepStatus, updatedAt: z.string() }).nullable(),
});
export type StaffRenewal = z.infer<typeof StaffRenewal>;

/** `counts` has one entry per status plus "attention". */
export const StaffRenewalPage = orderPage(StaffRenewal);
export type StaffRenewalPage = z.infer<typeof StaffRenewalPage>;

/** The catalog code of a renewal validation message (decision 0004), or null. */
export function renewalMessageCode(message: string): keyof typeof renewalMessages | null {
  const entry = Object.entries(renewalMessages).find(([, text]) => text === message);
  return entry ? (entry[0] as keyof typeof renewalMessages) : null;
}
