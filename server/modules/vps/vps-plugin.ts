import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { credentialCipher } from "./credential-cipher.ts";
import { manualProvisioner, type Provisioner } from "./provisioner.ts";
import { vpsAdminRoutes } from "./vps-admin-routes.ts";
import { vpsRoutes } from "./vps-routes.ts";
import { vpsService } from "./vps-service.ts";

/** VPS hosting: catalogue, orders paid through the payments capability, and staff fulfilment. Needs registerPayments first. */
export async function registerVps(app: FastifyInstance, config: Config, db: Database, options: { provisioner?: Provisioner; onQueued?: () => void } = {}): Promise<void> {
  if (config.vps.credentialsKeyDerived && config.env === "production") {
    app.log.warn("VPS_CREDENTIALS_KEY is not set: server passwords are encrypted with a key derived from the data location; set one before taking real orders");
  }
  const service = vpsService({
    db,
    payments: app.payments,
    cipher: credentialCipher(config.vps.credentialsKey),
    provisioner: options.provisioner ?? manualProvisioner,
    publicUrl: config.publicUrl,
    notifyTo: config.contactNotifyTo,
    log: app.log,
    ...(options.onQueued ? { onQueued: options.onQueued } : {}),
  });
  await app.register(vpsRoutes, { service });
  await app.register(vpsAdminRoutes, { service });
}
