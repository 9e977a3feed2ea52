// Renewals' public entry: a customer renews a domain or a server from their account (paid through
// the payments capability), and a schedule reminds them before expiry and acts on it.
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { renewalAdminRoutes, renewalRoutes } from "./renewal-routes.ts";
import { renewalService, type RenewalService } from "./renewal-service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Renewals: tests drive `runDue(now)` and wait on `idle()`. */
    renewals: RenewalService;
  }
}

/** How often a listening instance runs the renewal schedule (each step is claimed: instances may overlap). */
const ROUND_MS = 10 * 60_000;

/** Needs registerPayments, registerVps, registerDomains and registerAccount first. */
export async function registerRenewals(
  app: FastifyInstance,
  config: Config,
  db: Database,
  options: { clock: () => Date; onQueued?: () => void },
): Promise<void> {
  const service = renewalService({
    db,
    payments: app.payments,
    vps: app.vps,
    domains: app.domainOrders,
    publicUrl: config.publicUrl,
    notifyTo: config.contactNotifyTo,
    log: app.log,
    clock: options.clock,
    ...(options.onQueued ? { onQueued: options.onQueued } : {}),
  });
  app.decorate("renewals", service);

  // Only a listening server runs the schedule (tests call runDue themselves, with their clock).
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | null = null;
  app.addHook("onListen", async () => {
    timer ??= setInterval(() => {
      running ??= service
        .runDue()
        .catch((error: unknown) => app.log.error({ err: error }, "renewal schedule failed"))
        .finally(() => {
          running = null;
        });
    }, ROUND_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
    await service.idle();
  });
  await app.register(renewalRoutes, { service, emailOf: (request) => app.customerAccount.emailOf(request) });
  await app.register(renewalAdminRoutes, { service });
}
export { eraseRenewals, renewalRecordsOf } from "./renewal-customer.ts";
