import type { DomainRegistration, DomainUnknownReason } from "#contracts/domains.ts";
import { explainStatus } from "#contracts/domains.ts";

export type RdapAnswer =
  | { kind: "found"; registration: DomainRegistration }
  | { kind: "not_found" }
  | { kind: "unknown"; reason: DomainUnknownReason; retryAfterMs?: number };

const MAX_REDIRECTS = 3;

/**
 * `GET {base}domain/{name}` per RFC 7480/9082. 200 is a registry object (registered or held),
 * 404 is "no object"; everything else (400, 429, 5xx, 501, timeouts, resets, odd bodies) is unknown,
 * never available.
 */
export async function rdapLookup(
  baseUrl: string,
  name: string,
  options: { timeoutMs: number; fetch?: typeof fetch },
): Promise<RdapAnswer> {
  const fetchImpl = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = `${baseUrl}domain/${encodeURIComponent(name)}`;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const response = await fetchImpl(url, {
        headers: { accept: "application/rdap+json, application/json;q=0.9" },
        redirect: "manual",
        signal,
      });
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get("location");
        await response.body?.cancel();
        if (!location) return { kind: "unknown", reason: "unclear" };
        url = new URL(location, url).toString();
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return { kind: "not_found" };
      }
      if (response.status === 429) {
        await response.body?.cancel();
        return {
          kind: "unknown",
          reason: "rate_limited",
          retryAfterMs: retryAfter(response.headers.get("retry-after")),
        };
      }
      if (response.status >= 500 && response.status !== 501) {
        await response.body?.cancel();
        return { kind: "unknown", reason: "server_error" };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        return { kind: "unknown", reason: "unclear" };
      }
      const body = (await response.json().catch(() => null)) as RdapDomain | null;
      if (!body || body.objectClassName !== "domain") return { kind: "unknown", reason: "unclear" };
      return { kind: "found", registration: registrationFrom(body) };
    }
    return { kind: "unknown", reason: "unclear" };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { kind: "unknown", reason: timedOut ? "timeout" : "server_error" };
  }
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

interface RdapEntity {
  roles?: string[];
  vcardArray?: [string, Array<[string, unknown, string, unknown]>];
  publicIds?: Array<{ type?: string; identifier?: string }>;
}

interface RdapDomain {
  objectClassName?: string;
  status?: string[];
  events?: Array<{ eventAction?: string; eventDate?: string }>;
  entities?: RdapEntity[];
  nameservers?: Array<{ ldhName?: string }>;
  secureDNS?: { delegationSigned?: boolean };
}

function vcardName(entity: RdapEntity): string | null {
  const rows = entity.vcardArray?.[1];
  if (!Array.isArray(rows)) return null;
  const fn = rows.find((row) => Array.isArray(row) && row[0] === "fn");
  return typeof fn?.[3] === "string" ? fn[3] : null;
}

/** The fields the details page shows, from an RFC 9083 domain object. */
export function registrationFrom(body: RdapDomain): DomainRegistration {
  const event = (action: string) =>
    body.events?.find((e) => e.eventAction?.toLowerCase() === action)?.eventDate ?? null;
  const registrar = body.entities?.find((entity) => entity.roles?.some((role) => role.toLowerCase() === "registrar"));
  const statuses = [...new Set((body.status ?? []).filter((s) => typeof s === "string"))].map(explainStatus);
  return {
    registrar: registrar ? vcardName(registrar) : null,
    registrarIanaId: registrar?.publicIds?.find((id) => id.type === "IANA Registrar ID")?.identifier ?? null,
    registeredAt: event("registration"),
    expiresAt: event("expiration") ?? event("registrar expiration"),
    updatedAt: event("last changed"),
    statuses: statuses.filter((status, i) => statuses.findIndex((s) => s.code === status.code) === i),
    nameservers: (body.nameservers ?? [])
      .map((ns) => ns.ldhName?.toLowerCase())
      .filter((ns): ns is string => Boolean(ns)),
    dnssec: typeof body.secureDNS?.delegationSigned === "boolean" ? body.secureDNS.delegationSigned : null,
  };
}
