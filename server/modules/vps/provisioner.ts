/**
 * Provisioning behind a small interface. The manual provisioner (the default) leaves the work to
 * staff, who enter the server's address and login in the admin area; an API-driven one (Proxmox VE,
 * Virtualizor, a cloud API) returns the server itself, and the order flow does not change.
 *
 * The VPS service calls these; other capabilities (renewals, expiry) go through the service's
 * `suspendServer`, `resumeServer` and `destroyServer`, which also move the order, write its history
 * and ask staff when the provisioner answers "manual".
 */
import type { VpsClusterHealth } from "#contracts/vps-admin.ts";
import type { StepRecorder } from "../../lib/orders.ts";

export interface ProvisionRequest {
  orderId: string;
  reference: string;
  hostname: string;
  planId: string;
  /** The resources sold (the plan as ordered, not as the catalogue says today). */
  plan: { vcpu: number; ramGb: number; ssdGb: number };
  locationId: string;
  imageId: string;
  sshPublicKey: string | null;
  /** For "send me a password" orders: the password to set, chosen once per order (a retry sets the same). */
  password: string | null;
}

export type ProvisionResult =
  /** Staff will finish it by hand (and `reason` says why, when the provisioner tried): the order waits in "provisioning". */
  | { kind: "manual"; reason?: string }
  /** The server exists: the order goes active with these details. */
  | { kind: "ready"; ipAddress: string; username: string; password: string | null };

/** The server an existing order runs on. Implementations find it from the order (never from staff input). */
export interface ServerRef {
  orderId: string;
  reference: string;
  hostname: string;
  locationId: string;
}

export type ServerActionResult =
  /** Nothing was done to the server: staff must do it by hand (the service asks them). */
  | { kind: "manual" }
  /** Done (or already so: every action is idempotent), with the provider's answer for the history. */
  | { kind: "done"; detail?: string };

export type ServerAction = "suspend" | "resume" | "destroy";

/**
 * A provisioner's failure. `retryable`: the outcome is unknown or passing (a timeout, a cluster that
 * did not answer), so the same call may simply be made again later; otherwise staff must look.
 */
export class ProvisioningError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "ProvisioningError";
  }
}

/**
 * Every call gets the order's step recorder: an automatic provisioner writes each step it takes
 * (with the cluster's answer) and reads the earlier ones to pick up where a failed attempt stopped.
 * Every call is idempotent on the order.
 */
export interface Provisioner {
  readonly name: string;
  /** Who fulfils orders for a location (shown to staff): "proxmox:kigali", or "manual". */
  fulfillerFor(locationId: string): string;
  provision(request: ProvisionRequest, steps: StepRecorder): Promise<ProvisionResult>;
  /** Stops the service (unpaid after the grace period); the disk is kept. */
  suspend(server: ServerRef, steps: StepRecorder): Promise<ServerActionResult>;
  /** Starts a suspended server again (renewed). */
  resume(server: ServerRef, steps: StepRecorder): Promise<ServerActionResult>;
  /** Deletes the server and its disks for good (after the retention period, confirmed by staff). */
  destroy(server: ServerRef, steps: StepRecorder): Promise<ServerActionResult>;
  /** How each cluster it builds on is doing (the admin dashboard); absent: nothing to check. */
  health?(): Promise<VpsClusterHealth[]>;
  /** Closes connections (at shutdown). */
  close?(): void;
}

export const manualProvisioner: Provisioner = {
  name: "manual",
  fulfillerFor: () => "manual",
  async provision() {
    return { kind: "manual" };
  },
  async suspend() {
    return { kind: "manual" };
  },
  async resume() {
    return { kind: "manual" };
  },
  async destroy() {
    return { kind: "manual" };
  },
};
