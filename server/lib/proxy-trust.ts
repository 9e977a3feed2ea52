import type { FastifyServerOptions } from "fastify";
import type { TrustProxy } from "../config.ts";

/**
 * Fastify's `trustProxy` from TRUST_PROXY. Fastify's own hop count trusts nobody (it cannot tell a
 * proxy from a direct client), so hops are counted here: the socket peer and the N-1 forwarded
 * entries nearest to it. Either way `request.ip` is the address the outermost trusted proxy saw;
 * whatever a client writes further left in X-Forwarded-For is never read.
 */
export function proxyTrust(trust: TrustProxy): FastifyServerOptions["trustProxy"] {
  if (trust === false) return false;
  if ("hops" in trust) return trust.hops === 0 ? false : (_address: string, hop: number) => hop < trust.hops;
  return trust.addresses;
}
