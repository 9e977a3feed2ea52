import type { FastifyInstance } from "fastify";
import { VpsCatalog } from "#contracts/vps.ts";
import type { Config } from "../../config.ts";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { changeNotifiedCache } from "../../lib/change-notified-cache.ts";
import { credentialCipher } from "./credential-cipher.ts";
import { PRICE_CHANGES } from "./vps-catalog.ts";
import { manualProvisioner, type Provisioner } from "./provisioner.ts";
import { proxmoxFromConfig } from "./proxmox-provisioner.ts";
import { vpsAdminRoutes } from "./vps-admin-routes.ts";
import { vpsRoutes } from "./vps-routes.ts";
import { vpsService, type VpsService } from "./vps-service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * VPS orders, for other capabilities: `suspendServer`, `resumeServer` (renewals and expiry)
     * and `destroyServer` (after the retention period, confirmed by staff).
     */
    vps: VpsService;
  }
}

/** VPS hosting: catalogue, orders paid through the payments capability, and staff fulfilment. Needs registerPayments first. */
export async function registerVps(
  app: FastifyInstance,
  config: Config,
  db: Database,
  options: {
    /** Where price changes are heard (the public catalogue is kept until one). */
    listen: DatabaseHandle["listen"];
    provisioner?: Provisioner;
    onQueued?: () => void;
    /** Between two reads of a running cluster task (tests pass one that does not wait). */
    pause?: (ms: number) => Promise<void>;
  },
): Promise<void> {
  if (config.vps.credentialsKeyDerived && config.env === "production") {
    app.log.warn(
      "VPS_CREDENTIALS_KEY is not set: server passwords are encrypted with a key derived from the data location; " +
        "set one before taking real orders",
    );
  }
  const provisioner =
    options.provisioner ??
    proxmoxFromConfig(config.vps.proxmox, options.pause ? { pause: options.pause } : {}) ??
    manualProvisioner;
  const proxmox = config.vps.proxmox;
  const service = vpsService({
    db,
    payments: app.payments,
    cipher: credentialCipher(config.vps.credentialsKey),
    provisioner,
    // Longer than a build can take: three tasks, the address, and the calls around them.
    provisionLeaseMs: proxmox.taskTimeoutMs * 3 + proxmox.addressTimeoutMs + proxmox.timeoutMs * 20,
    retentionDays: config.vps.retentionDays,
    publicUrl: config.publicUrl,
    notifyTo: config.contactNotifyTo,
    log: app.log,
    ...(options.onQueued ? { onQueued: options.onQueued } : {}),
  });
  app.decorate("vps", service);
  if (provisioner !== manualProvisioner)
    app.log.info({ fulfiller: provisioner.name }, "VPS orders are built automatically where a cluster is configured");

  // Only a listening server runs the job (tests call runDue themselves).
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | null = null;
  app.addHook("onListen", async () => {
    timer ??= setInterval(() => {
      running ??= service
        .runDue()
        .catch((error: unknown) => app.log.error({ err: error }, "VPS provisioning job failed"))
        .finally(() => {
          running = null;
        });
    }, config.vps.provisionIntervalMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
    await service.idle();
    provisioner.close?.();
  });
  const catalog = changeNotifiedCache({
    listen: options.listen,
    channel: PRICE_CHANGES,
    schema: VpsCatalog,
    build: () => service.catalog(),
  });
  app.addHook("onClose", () => catalog.close());
  await app.register(vpsRoutes, { service, catalog });
  await app.register(vpsAdminRoutes, { service, pricesChanged: catalog.forget });
}
