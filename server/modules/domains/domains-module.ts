import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { TldPrice } from "#contracts/domains.ts";
import { whoisServers } from "#content/domains.ts";
import { dnsPrecheck } from "../../adapters/registry-lookup/dns-precheck.ts";
import { rdapBootstrap } from "../../adapters/registry-lookup/rdap-bootstrap.ts";
import type { WhoisServer } from "../../adapters/registry-lookup/whois-client.ts";
import type { Config } from "../../config.ts";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { changeNotifiedCache } from "../../lib/change-notified-cache.ts";
import { availabilityChecker, type AvailabilityChecker } from "./availability-service.ts";
import { domainAdminRoutes } from "./domain-admin-routes.ts";
import { domainOrderRoutes } from "./domain-order-routes.ts";
import { domainOrderService, type DomainOrderService } from "./domain-order-service.ts";
import { domainPriceService, PRICE_CHANGES } from "./domain-price-service.ts";
import { domainRoutes } from "./domain-routes.ts";
import { eppRegistries, type EppRegistries } from "./epp-registries.ts";
import { manualRegistrar, type Registrar } from "./registrar.ts";
import { serverLimiter } from "./server-limiter.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Domain availability, for the order flow's checks before and after payment. */
    domainAvailability: AvailabilityChecker;
    /** Domain orders: tests wait on `idle()` for the after-payment step. */
    domainOrders: DomainOrderService;
    /** The configured EPP servers: pools, health, poll queues. */
    domainRegistries: EppRegistries;
  }
}

/** WHOIS servers from content/domains.ts, with hosts overridden by DOMAINS_WHOIS_SERVERS. */
export function whoisConfig(overrides: Config["domains"]["whoisServers"]): Record<string, WhoisServer> {
  const servers: Record<string, WhoisServer> = {};
  for (const [tld, server] of Object.entries(whoisServers)) {
    const override = overrides[tld];
    servers[tld] = {
      host: override?.host ?? server.host,
      port: override?.port ?? server.port,
      notFound: server.notFound.map((p) => new RegExp(p, "im")),
      found: server.found.map((p) => new RegExp(p, "im")),
    };
  }
  return servers;
}

/** How often a listening server looks for paid orders whose after-payment step never ran. */
const RECHECK_INTERVAL_MS = 60_000;

/**
 * Domain search and details (DNS pre-check, RDAP via IANA's bootstrap, WHOIS where there is no
 * RDAP), the TLD price table, and orders paid through the payments capability and fulfilled by a
 * registrar (manual by default). Needs registerPayments first.
 */
export async function registerDomains(
  app: FastifyInstance,
  config: Config,
  db: Database,
  options: { listen: DatabaseHandle["listen"]; registrar?: Registrar; onQueued?: () => void },
): Promise<void> {
  const settings = config.domains;
  // TLDs of a configured EPP server go to it; every other to the manual registrar (or a test's).
  const registries = eppRegistries(config.epp, options.registrar ?? manualRegistrar);
  app.decorate("domainRegistries", registries);
  const checker = availabilityChecker({
    bootstrap: rdapBootstrap({ url: settings.bootstrapUrl, timeoutMs: settings.timeoutMs * 2 }),
    dns: dnsPrecheck({ servers: settings.dnsServers, timeoutMs: Math.min(1000, settings.timeoutMs) }),
    whois: whoisConfig(settings.whoisServers),
    limiter: serverLimiter({ perSecond: settings.ratePerSecond, burst: settings.rateBurst }),
    timeoutMs: settings.timeoutMs,
    registeredTtlMs: settings.registeredCacheMs,
    availableTtlMs: settings.availableCacheMs,
    epp: registries.availability,
  });
  app.decorate("domainAvailability", checker);
  const pricing = domainPriceService(db);
  const orders = domainOrderService({
    db,
    payments: app.payments,
    checker,
    pricing,
    registrar: registries.registrar,
    retryForMs: config.epp.retryForMs,
    publicUrl: config.publicUrl,
    notifyTo: config.contactNotifyTo,
    log: app.log,
    ...(options.onQueued ? { onQueued: options.onQueued } : {}),
  });
  app.decorate("domainOrders", orders);

  // Only a listening server runs the jobs (tests call recheckDue, retryDue and poll themselves).
  const timers: ReturnType<typeof setInterval>[] = [];
  const running = new Set<Promise<unknown>>();
  const every = (ms: number, what: string, job: () => Promise<unknown>) => {
    let current: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      current ??= job()
        .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
        .finally(() => {
          running.delete(current!);
          current = null;
        });
      running.add(current);
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  app.addHook("onListen", async () => {
    if (timers.length) return;
    every(RECHECK_INTERVAL_MS, "domain order catch-up", async () => {
      await orders.recheckDue();
      await orders.retryDue();
    });
    if (registries.registries.length)
      every(config.epp.pollIntervalMs, "EPP poll", () =>
        registries.poll(async (message) => {
          if (message.domain) await orders.pendingFinished(message.domain);
        }),
      );
  });
  app.addHook("onClose", async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
    await orders.idle();
    await registries.close();
  });

  const prices = changeNotifiedCache({
    listen: options.listen,
    channel: PRICE_CHANGES,
    schema: z.array(TldPrice),
    build: () => pricing.catalog(),
  });
  app.addHook("onClose", () => prices.close());
  await app.register(domainRoutes, { checker, prices });
  await app.register(domainOrderRoutes, { service: orders });
  await app.register(domainAdminRoutes, { service: orders, pricing, registries, pricesChanged: prices.forget });
}
