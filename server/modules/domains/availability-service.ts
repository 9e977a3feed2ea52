import type {
  DomainRegistration,
  DomainResult,
  DomainSource,
  DomainState,
  DomainUnknownReason,
} from "#contracts/domains.ts";
import type { DnsPrecheck } from "../../adapters/registry-lookup/dns-precheck.ts";
import type { RdapBootstrap } from "../../adapters/registry-lookup/rdap-bootstrap.ts";
import { rdapLookup } from "../../adapters/registry-lookup/rdap-client.ts";
import { whoisLookup, type WhoisServer } from "../../adapters/registry-lookup/whois-client.ts";
import type { ServerLimiter } from "./server-limiter.ts";

export interface Availability extends DomainResult {
  /** Present when the registry's record was read (RDAP 200). */
  registration: DomainRegistration | null;
}

export interface CheckOptions {
  /** Read the registry's record even when DNS already proved the name taken (details page). */
  details?: boolean;
  /** Skip the cache: the check before payment and again after it. */
  authoritative?: boolean;
}

export interface AvailabilityChecker {
  check(name: string, tld: string, options?: CheckOptions): Promise<Availability>;
}

/** Our registrar account's `domain:check` at the registry's EPP server, for the TLDs it serves. */
export interface EppAvailability {
  covers(tld: string): boolean;
  /** What the registry says now; "unknown" when it could not be asked or did not answer clearly. */
  check(name: string, tld: string): Promise<"available" | "registered" | "unknown">;
}

export interface AvailabilityOptions {
  bootstrap: RdapBootstrap;
  dns: DnsPrecheck;
  /** By TLD ("ug", "co.ug" falls back to "ug"): for TLDs without RDAP. */
  whois: Record<string, WhoisServer>;
  limiter: ServerLimiter;
  timeoutMs: number;
  /** Cache lifetimes; unknown answers are never cached. */
  registeredTtlMs: number;
  availableTtlMs: number;
  /** Asked first by the checks before and after payment, for the TLDs it covers. */
  epp?: EppAvailability;
  fetch?: typeof fetch;
  now?: () => number;
}

const CACHE_MAX = 20_000;

/**
 * DNS first (a delegation proves "registered" in milliseconds), then the registry: RDAP through
 * the IANA bootstrap, or WHOIS where the TLD has no RDAP; before and after payment, the registry's
 * EPP server first where we register over EPP. Identical lookups in flight are shared;
 * answers are cached briefly. Nothing here logs the names it checks.
 */
export function availabilityChecker(options: AvailabilityOptions): AvailabilityChecker {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { value: Availability; expiresAt: number }>();
  const inFlight = new Map<string, Promise<Availability>>();

  function result(
    name: string,
    state: DomainState,
    source: DomainSource,
    extra: { reason?: DomainUnknownReason; registration?: DomainRegistration | null } = {},
  ): Availability {
    return {
      name,
      state,
      source,
      ...(extra.reason ? { reason: extra.reason } : {}),
      checkedAt: new Date(now()).toISOString(),
      registration: extra.registration ?? null,
    };
  }

  function remember(key: string, value: Availability) {
    const ttl =
      value.state === "registered" ? options.registeredTtlMs : value.state === "available" ? options.availableTtlMs : 0;
    if (ttl <= 0) return;
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { value, expiresAt: now() + ttl });
  }

  async function registry(name: string, tld: string): Promise<Availability> {
    const base = await options.bootstrap.baseUrlFor(name);
    if (base) {
      const host = new URL(base).host;
      // Held back by our own limiter: the registry was not asked, so nobody answered.
      if (!(await options.limiter.acquire(host, options.timeoutMs / 2)))
        return result(name, "unknown", "none", { reason: "held_back" });
      const answer = await rdapLookup(base, name, { timeoutMs: options.timeoutMs, fetch: options.fetch });
      if (answer.kind === "found") return result(name, "registered", "rdap", { registration: answer.registration });
      if (answer.kind === "not_found") return result(name, "available", "rdap");
      if (answer.reason === "rate_limited") options.limiter.pause(host, answer.retryAfterMs ?? 30_000);
      return result(name, "unknown", "rdap", { reason: answer.reason });
    }
    const server = options.whois[tld] ?? options.whois[tld.split(".").pop()!];
    if (!server) return result(name, "unknown", "none", { reason: "no_source" });
    const host = `${server.host}:${server.port}`;
    if (!(await options.limiter.acquire(host, options.timeoutMs / 2)))
      return result(name, "unknown", "none", { reason: "held_back" });
    const answer = await whoisLookup(server, name, options.timeoutMs);
    if (answer.kind === "found") return result(name, "registered", "whois");
    if (answer.kind === "not_found") return result(name, "available", "whois");
    if (answer.reason === "rate_limited") options.limiter.pause(host, 30_000);
    return result(name, "unknown", "whois", { reason: answer.reason });
  }

  async function lookup(name: string, tld: string, checkOptions: CheckOptions): Promise<Availability> {
    // Where we register over EPP, the registry's own check is the last word before money moves;
    // if it cannot be asked, RDAP or WHOIS answers instead, and says so.
    if (checkOptions.authoritative && options.epp?.covers(tld)) {
      const state = await options.epp.check(name, tld);
      if (state !== "unknown") return result(name, state, "epp");
    }
    if (!checkOptions.details) {
      const signal = await options.dns.check(name);
      if (signal === "delegated") return result(name, "registered", "dns");
    }
    return registry(name, tld);
  }

  /** A cached answer says so, and how old it is: it is what the source said then, not now. */
  function fromCache(value: Availability): Availability {
    return { ...value, cachedSeconds: Math.max(0, Math.floor((now() - Date.parse(value.checkedAt)) / 1000)) };
  }

  return {
    async check(name, tld, checkOptions = {}) {
      const key = `${checkOptions.details ? "d" : "s"}:${name}`;
      if (!checkOptions.authoritative) {
        const cached = cache.get(key);
        if (cached && cached.expiresAt > now()) return fromCache(cached.value);
        // A detailed answer also serves a plain search.
        const detailed = cache.get(`d:${name}`);
        if (!checkOptions.details && detailed && detailed.expiresAt > now()) return fromCache(detailed.value);
      }
      const flightKey = `${key}:${checkOptions.authoritative ? "a" : ""}`;
      let pending = inFlight.get(flightKey);
      if (!pending) {
        pending = lookup(name, tld, checkOptions).finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, pending);
      }
      const value = await pending;
      remember(key, value);
      return value;
    },
  };
}
