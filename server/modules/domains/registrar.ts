/**
 * Registration behind a small interface. The manual registrar (the default) leaves the work to
 * staff, as WHMCS's "email registrar" does: paid orders wait in the admin Domains section until
 * someone registers the name at the registry and marks it done. One that talks to a registry or
 * reseller (EPP, ResellerClub, Openprovider) registers it itself, and the order flow does not change.
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
  | { kind: "taken" };

export interface Registrar {
  readonly name: string;
  /** Must be idempotent on `orderId`: a retry after a timeout must not register twice. */
  register(request: RegistrationRequest): Promise<RegistrationResult>;
}

export const manualRegistrar: Registrar = {
  name: "manual",
  async register() {
    return { kind: "manual" };
  },
};
