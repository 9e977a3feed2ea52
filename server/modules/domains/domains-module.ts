import type { FastifyInstance } from "fastify";
import { whoisServers } from "../../../content/domains.ts";
import { dnsPrecheck } from "../../adapters/registry-lookup/dns-precheck.ts";
import { rdapBootstrap } from "../../adapters/registry-lookup/rdap-bootstrap.ts";
import type { WhoisServer } from "../../adapters/registry-lookup/whois-client.ts";
import type { Config } from "../../config.ts";
import { availabilityChecker, type AvailabilityChecker } from "./availability-service.ts";
import { tldCatalog } from "./domain-pricing.ts";
import { domainRoutes } from "./domain-routes.ts";
import { serverLimiter } from "./server-limiter.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Domain availability, for the order flow's checks before and after payment. */
    domainAvailability: AvailabilityChecker;
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

/** Domain search and details: DNS pre-check, RDAP via IANA's bootstrap, WHOIS where there is no RDAP. */
export async function registerDomains(app: FastifyInstance, config: Config): Promise<void> {
  const settings = config.domains;
  const checker = availabilityChecker({
    bootstrap: rdapBootstrap({ url: settings.bootstrapUrl, timeoutMs: settings.timeoutMs * 2 }),
    dns: dnsPrecheck({ servers: settings.dnsServers, timeoutMs: Math.min(1000, settings.timeoutMs) }),
    whois: whoisConfig(settings.whoisServers),
    limiter: serverLimiter({ perSecond: settings.ratePerSecond, burst: settings.rateBurst }),
    timeoutMs: settings.timeoutMs,
    registeredTtlMs: settings.registeredCacheMs,
    availableTtlMs: settings.availableCacheMs,
  });
  app.decorate("domainAvailability", checker);
  const catalog = tldCatalog();
  await app.register(domainRoutes, { checker, catalog: async () => catalog });
}
