/**
 * Provisioning behind a small interface. The manual provisioner (the default) leaves the work to
 * staff, who enter the server's address and login in the admin area; an API-driven one (Proxmox VE,
 * Virtualizor, a cloud API) returns the server itself, and the order flow does not change.
 */
export interface ProvisionRequest {
  orderId: string;
  reference: string;
  hostname: string;
  planId: string;
  locationId: string;
  imageId: string;
  sshPublicKey: string | null;
}

export type ProvisionResult =
  /** Staff will finish it by hand: the order waits in "provisioning". */
  | { kind: "manual" }
  /** The server exists: the order goes active with these details. */
  | { kind: "ready"; ipAddress: string; username: string; password: string | null };

export interface Provisioner {
  readonly name: string;
  provision(request: ProvisionRequest): Promise<ProvisionResult>;
}

export const manualProvisioner: Provisioner = {
  name: "manual",
  async provision() {
    return { kind: "manual" };
  },
};
