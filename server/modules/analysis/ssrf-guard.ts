import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import type { Language } from "#contracts/languages.ts";
import { analysisT, type Words, words } from "./analysis-i18n.ts";

/** Resolves a name to every address it has; tests pass a resolver they control. */
export type ResolveAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface NetworkPolicy {
  /** Tests only: loopback targets (fixture sites). Production refuses to start with it on. */
  allowLoopback: boolean;
  resolve: ResolveAll;
  /** Extra trust anchors (tests' own certificate authority). */
  ca?: string;
}

/**
 * The system's lookup (hosts file, search domains...), with its "not found" confirmed by a DNS query:
 * getaddrinfo says ENOTFOUND for a name that does not exist and, on some systems, for one that has no
 * address; only the DNS answer NXDOMAIN may be reported as "does not exist" (dnsOutcome below).
 */
export function classifiedResolve(
  lookup: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true }),
  resolver: Pick<dns.promises.Resolver, "resolve4"> = new dns.promises.Resolver({ timeout: 3000, tries: 2 }),
): ResolveAll {
  return async (hostname) => {
    try {
      return await lookup(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTFOUND" && code !== "ENODATA") throw error;
      try {
        await resolver.resolve4(hostname);
      } catch (confirm) {
        const confirmed = (confirm as NodeJS.ErrnoException).code;
        // NXDOMAIN (ENOTFOUND), no A record (ENODATA), or the DNS failing (SERVFAIL, timeout...).
        throw Object.assign(new Error(`${confirmed ?? "DNS"} ${hostname}`), { code: confirmed });
      }
      // The name has an address by DNS, the system could not use it: not "does not exist".
      throw Object.assign(new Error(`lookup ${code} ${hostname}`), { code: "EAI_AGAIN" });
    }
  };
}

export const systemResolve: ResolveAll = classifiedResolve();

/** What a failed lookup says, from the resolver's error code. */
export type DnsOutcome = "nxdomain" | "nodata" | "failure";
export function dnsOutcome(code: string | undefined): DnsOutcome {
  if (code === "ENOTFOUND") return "nxdomain";
  if (code === "ENODATA") return "nodata";
  return "failure";
}

/** A DNS lookup that failed for a reason other than the name not existing: nothing is known about the name. */
export class DnsLookupError extends Error {
  constructor(
    readonly host: string,
    readonly dnsCode: string,
  ) {
    super(`DNS lookup for ${host} failed (${dnsCode})`);
    this.name = "DnsLookupError";
  }
}

export function networkPolicy(options: Partial<NetworkPolicy> = {}): NetworkPolicy {
  return { allowLoopback: options.allowLoopback ?? false, resolve: options.resolve ?? systemResolve, ca: options.ca };
}

export type RefusalReason =
  "invalid_url" | "scheme" | "credentials" | "port" | "hostname" | "address" | "not_found" | "redirect_loop";

/**
 * A URL the analyzer will not fetch; always answered with 400 and this message. `message` is
 * English (logs, the lab proxy); `localized` says it in the visitor's language.
 */
export class UrlRefusedError extends Error {
  private readonly render: Words;
  constructor(
    readonly reason: RefusalReason,
    message: string | Words,
  ) {
    super(typeof message === "string" ? message : message("en"));
    this.name = "UrlRefusedError";
    this.render = typeof message === "string" ? () => message : message;
  }

  localized(lng?: Language): string {
    return this.render(lng);
  }
}

/** Ports a public website is served on; anything else smells of internal services. */
const PUBLIC_PORTS = new Set([80, 443, 8080, 8443]);
/** Names that only mean something inside a network. */
const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".intranet", ".lan", ".home.arpa", ".corp", ".private"];

/**
 * The address's range as ipaddr.js names it ("unicast" for ordinary public addresses), after
 * unwrapping IPv4-mapped IPv6 so ::ffff:127.0.0.1 is judged as 127.0.0.1. ipaddr.js also calls
 * "unicast" IPv6 addresses that are not global (IPv4-compatible ::a.b.c.d, the rest of ::/3): an
 * IPv6 address is unicast here only inside global unicast 2000::/3, and one whose interface
 * identifier carries an IPv4 address (ISATAP, ::5efe:a.b.c.d) only if that address is (issue 16,
 * finding 11). The other IPv4-embedding forms (6to4, Teredo, NAT64, SIIT) keep their own names
 * and are refused.
 */
export function addressRange(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return "invalid";
  const parsed = ipaddr.process(bare);
  const range = parsed.range();
  if (parsed.kind() === "ipv4" || range !== "unicast") return range;
  const words = (parsed as ipaddr.IPv6).parts;
  if (words[0]! < 0x2000 || words[0]! > 0x3fff) return "reserved";
  if ((words[4] === 0 || words[4] === 0x200) && words[5] === 0x5efe) {
    const embedded = new ipaddr.IPv4([words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff]);
    const inner = embedded.range();
    if (inner !== "unicast") return inner;
  }
  return "unicast";
}

/** Why an address may not be contacted, or null when it may. */
export function addressRefusal(address: string, policy: Pick<NetworkPolicy, "allowLoopback">): string | null {
  const range = addressRange(address);
  if (range === "unicast") return null;
  if (range === "loopback" && policy.allowLoopback) return null;
  return range;
}

/** Ranges with words of their own (errors.ranges.*); any other is named as ipaddr.js names it. */
const NAMED_RANGES = new Set([
  "loopback",
  "private",
  "linkLocal",
  "carrierGradeNat",
  "multicast",
  "unspecified",
  "broadcast",
  "reserved",
  "uniqueLocal",
  "rfc6052",
  "rfc6145",
  "6to4",
  "teredo",
  "invalid",
]);

export function refusedAddress(address: string, range: string): UrlRefusedError {
  return new UrlRefusedError("address", (lng) => {
    const t = analysisT(lng);
    const reason = t(`errors.ranges.${NAMED_RANGES.has(range) ? range : "other"}`, { address, range });
    return t("errors.address", { reason });
  });
}

/**
 * Checks a URL's shape and, for IP literals, its address. Names are checked again when they
 * resolve, on the address actually connected to (see guardedLookup).
 */
export function checkUrl(raw: string | URL, policy: Pick<NetworkPolicy, "allowLoopback">): URL {
  let url: URL;
  try {
    url = typeof raw === "string" ? new URL(raw.trim()) : new URL(raw.href);
  } catch {
    throw new UrlRefusedError("invalid_url", words("errors.invalidUrl"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UrlRefusedError("scheme", words("errors.scheme", { scheme: url.protocol }));
  }
  if (url.username || url.password) {
    throw new UrlRefusedError("credentials", words("errors.credentials"));
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) {
    const range = addressRefusal(host, policy);
    if (range) throw refusedAddress(host, range);
  } else {
    const name = host.toLowerCase().replace(/\.+$/, "");
    const internal = name === "localhost" || INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
    if (
      !name.includes(".") ||
      (internal && !(policy.allowLoopback && (name === "localhost" || name.endsWith(".localhost"))))
    ) {
      throw new UrlRefusedError("hostname", (lng) => {
        const t = analysisT(lng);
        return t("errors.hostname", { host: name || t("errors.emptyHost") });
      });
    }
  }
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (!PUBLIC_PORTS.has(port) && !policy.allowLoopback) {
    throw new UrlRefusedError("port", words("errors.port", { port }));
  }
  url.hash = "";
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address?: string | { address: string; family: number }[],
  family?: number,
) => void;

/**
 * A `lookup` for node:net/http/tls that resolves with the policy's resolver and refuses the
 * connection when any address is not public. Node connects to what this returns, so a second,
 * different answer (DNS rebinding) can never reach a socket unchecked.
 */
export function guardedLookup(policy: NetworkPolicy) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback) => {
    const all = typeof options === "object" && options?.all === true;
    policy
      .resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0)
          throw new UrlRefusedError("not_found", words("errors.noAddress", { host: hostname }));
        for (const { address } of addresses) {
          const range = addressRefusal(address, policy);
          if (range) throw refusedAddress(address, range);
        }
        if (all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((error: unknown) => {
        if (error instanceof UrlRefusedError) return callback(error as unknown as NodeJS.ErrnoException);
        const code = (error as NodeJS.ErrnoException).code;
        const outcome = dnsOutcome(code);
        // Only NXDOMAIN says the name does not exist; a name without an address exists; anything
        // else (EAI_AGAIN, SERVFAIL, a timeout, a refusing resolver) says nothing about the name.
        const reply =
          outcome === "nxdomain"
            ? new UrlRefusedError("not_found", words("errors.noDns", { host: hostname }))
            : outcome === "nodata"
              ? new UrlRefusedError("not_found", words("errors.noAddress", { host: hostname }))
              : new DnsLookupError(hostname, code ?? "unknown");
        callback(reply as unknown as NodeJS.ErrnoException);
      });
  };
}

/** Belt and braces: the socket's peer is checked again once connected. */
export function checkConnectedSocket(socket: net.Socket, policy: NetworkPolicy): UrlRefusedError | null {
  const remote = socket.remoteAddress;
  if (!remote) return null;
  const range = addressRefusal(remote, policy);
  return range ? refusedAddress(remote, range) : null;
}
