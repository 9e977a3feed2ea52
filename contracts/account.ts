import { z } from "zod";
import { ProjectStatus, ProjectType } from "./advisor.ts";
import { DomainOrderStatus } from "./domain-orders.ts";
import { TransactionStatus } from "./payments.ts";
import { VpsOrderStatus } from "./vps.ts";

/* ---------------------------------------------------------------- Sign-in by email link */

export const accountMessages = {
  emailInvalid: "Please enter a valid email address",
  tokenInvalid: "This sign-in link is not valid",
} as const;

/** How long an emailed sign-in link works, and how long the customer session it opens lasts. */
export const SIGN_IN_LINK_MINUTES = 15;
export const CUSTOMER_SESSION_DAYS = 7;

const trimmed = z.string().trim();

export const AccountSignInRequest = z.object({
  email: trimmed.pipe(z.email(accountMessages.emailInvalid).max(254, accountMessages.emailInvalid)),
});
export type AccountSignInRequest = z.infer<typeof AccountSignInRequest>;

/** The same answer whether or not anything is known under the address. */
export const AccountSignInAccepted = z.object({ message: z.string() });
export type AccountSignInAccepted = z.infer<typeof AccountSignInAccepted>;

/** The token from the emailed link; 32 random bytes, base64url. */
export const AccountSessionRequest = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, accountMessages.tokenInvalid),
});
export type AccountSessionRequest = z.infer<typeof AccountSessionRequest>;

/* ---------------------------------------------------------------- What belongs to an email */

export const AccountServer = z.object({
  id: z.string(),
  reference: z.string(),
  hostname: z.string(),
  planName: z.string(),
  status: VpsOrderStatus,
  periodMonths: z.number().int(),
  expiresAt: z.string().nullable(),
  /** The order page's unguessable token (`/vps-hosting/order/{token}`). */
  orderToken: z.string(),
});
export type AccountServer = z.infer<typeof AccountServer>;

export const AccountDomain = z.object({
  id: z.string(),
  reference: z.string(),
  domain: z.string(),
  status: DomainOrderStatus,
  years: z.number().int(),
  expiresAt: z.string().nullable(),
  /** `/domains/order-status/{token}`. */
  orderToken: z.string(),
});
export type AccountDomain = z.infer<typeof AccountDomain>;

export const AccountPayment = z.object({
  transactionId: z.string(),
  status: TransactionStatus,
  amount: z.string(),
  currency: z.string(),
  providerName: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  testMode: z.boolean(),
});
export type AccountPayment = z.infer<typeof AccountPayment>;

export const AccountPlan = z.object({
  id: z.string(),
  projectType: ProjectType,
  status: ProjectStatus,
  createdAt: z.string(),
});
export type AccountPlan = z.infer<typeof AccountPlan>;

export const ENQUIRY_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export const AccountEnquiry = z.object({
  id: z.string(),
  service: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  createdAt: z.string(),
});
export type AccountEnquiry = z.infer<typeof AccountEnquiry>;

export const AccountOverview = z.object({
  email: z.string(),
  servers: z.array(AccountServer),
  domains: z.array(AccountDomain),
  payments: z.array(AccountPayment),
  plans: z.array(AccountPlan),
  enquiries: z.array(AccountEnquiry),
});
export type AccountOverview = z.infer<typeof AccountOverview>;

/** GET /api/account: the overview, or null when this browser has no customer session. */
export const AccountState = z.object({ account: AccountOverview.nullable() });
export type AccountState = z.infer<typeof AccountState>;
