import { serverT } from "../../lib/i18n.ts";
import type { StepRecorder } from "../../lib/orders.ts";

/**
 * Registration behind a small interface. The manual registrar (the default) leaves the work to
 * staff, as WHMCS's "email registrar" does: paid orders wait in the admin Domains section until
 * someone registers the name at the registry and marks it done. One that talks to a registry or
 * reseller (EPP, ResellerClub, Openprovider) registers it itself, and the order flow does not change.
 * Renewals (paid from the customer's account) go the same way: `renew`, or staff by hand.
 */
export interface RegistrationRequest {
  orderId: string;
  reference: string;
  /** A-label, lower-case. */
  domain: string;
  years: number;
  nameservers: string[];
  registrant: {
    name: string;
    organisation: string | null;
    email: string;
    phoneNumber: string;
    address: string;
    city: string;
    country: string;
  };
}

export type RegistrationResult =
  /** Staff will register it by hand: the order waits in "paid". */
  | { kind: "manual" }
  /** Registered: the order moves to "registered" with these details. */
  | { kind: "registered"; registryReference: string | null; expiresAt: Date | null }
  /** The registry refused: someone else holds the name (EPP 2302). The order waits for its refund. */
  | { kind: "taken" }
  /** The registry accepted and will finish later (EPP 1001); its poll message (or an info) ends it. */
  | { kind: "pending" }
  /** The registry cannot take it now (maintenance, outage, session limit): ask again later. */
  | { kind: "retry"; message: string }
  /** The registry refused the request itself (policy, syntax): staff read `message` and act. */
  | { kind: "failed"; message: string };

export interface RenewalRequest {
  /** The domain order whose registration is renewed. */
  orderId: string;
  /** The renewal's own id (the caller's renewal order): a retry with the same id must not renew twice. */
  renewalId: string;
  /** The domain order's reference (DOM-XXXXXX). */
  reference: string;
  /** A-label, lower-case. */
  domain: string;
  years: number;
  /** The expiry the registry holds now (EPP's domain:renew names it, so a repeat is refused, not applied twice). */
  currentExpiry: Date;
}

export type RenewalResult =
  /** Staff will renew it at the registry by hand and record the new expiry in the admin area. */
  | { kind: "manual" }
  /** Renewed: the registration now runs out at `expiresAt`. */
  | { kind: "renewed"; expiresAt: Date };

/** What the order flow hands a registrar with each call: where to write down its steps. */
export interface RegistrarContext {
  steps: StepRecorder;
}

export interface Registrar {
  /** Shown to staff as the order's fulfiller ("manual", "epp:ricta"). */
  readonly name: string;
  /** Must be idempotent on `orderId`: a retry after a timeout must not register twice. */
  register(request: RegistrationRequest, context: RegistrarContext): Promise<RegistrationResult>;
  /** Must be idempotent on `renewalId`. */
  renew(request: RenewalRequest, context: RegistrarContext): Promise<RenewalResult>;
  /** A registrar that hands each TLD to another (one per registry): which one takes `tld`. */
  for?(tld: string): Registrar;
}

const staffT = (key: string, options: Record<string, unknown> = {}) =>
  serverT(key, { ns: "domains-admin", lng: "en", ...options });

/** Staff do it: each call leaves a step handed to them, which they complete in the admin area. */
export const manualRegistrar: Registrar = {
  name: "manual",
  async register(_request, { steps }) {
    await (await steps.start("register")).manual(staffT("steps.manualRegister"));
    return { kind: "manual" };
  },
  async renew(request, { steps }) {
    const step = await steps.start("renew", { renewalId: request.renewalId, years: request.years });
    await step.manual(staffT("steps.manualRenew", { count: request.years }));
    return { kind: "manual" };
  },
};
