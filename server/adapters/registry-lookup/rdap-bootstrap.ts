import snapshotFile from "./iana-dns-bootstrap.json" with { type: "json" };

/** One `services` pair of an RFC 9224 bootstrap file: the labels and the base URLs serving them. */
interface ServiceEntry {
  entries: string[][];
  baseUrl: string;
}

export interface BootstrapFile {
  version?: unknown;
  services: unknown;
}

export interface RdapBootstrapOptions {
  url: string;
  /** How long a fetched file is used before it is fetched again (with If-None-Match). */
  ttlMs?: number;
  timeoutMs?: number;
  /** Used until the live file arrives and whenever it can't be fetched or read. */
  snapshot?: BootstrapFile;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface RdapBootstrap {
  /** The RDAP base URL (ending in "/") for a lower-case A-label name, or null: no RDAP service. */
  baseUrlFor(name: string): Promise<string | null>;
}

/** Parses the `services` array; null when the file is not a bootstrap file (keep the old one). */
export function parseBootstrap(file: unknown): ServiceEntry[] | null {
  if (!file || typeof file !== "object" || !Array.isArray((file as BootstrapFile).services)) return null;
  const result: ServiceEntry[] = [];
  for (const pair of (file as { services: unknown[] }).services) {
    if (!Array.isArray(pair) || pair.length < 2 || !Array.isArray(pair[0]) || !Array.isArray(pair[1])) return null;
    const urls = (pair[1] as unknown[]).filter((u): u is string => typeof u === "string" && /^https?:\/\//i.test(u));
    if (urls.length === 0) continue;
    // RFC 9224: prefer HTTPS when both are listed.
    const chosen = urls.find((u) => /^https:/i.test(u)) ?? urls[0]!;
    const baseUrl = chosen.endsWith("/") ? chosen : `${chosen}/`;
    const entries = (pair[0] as unknown[])
      .filter((e): e is string => typeof e === "string" && e.length > 0)
      .map((e) =>
        e
          .toLowerCase()
          .replace(/^\.|\.$/g, "")
          .split("."),
      );
    result.push({ entries, baseUrl });
  }
  return result;
}

/** Label-wise, right-to-left, longest match wins: "goodexample.com" never matches "example.com". */
export function matchBaseUrl(services: ServiceEntry[], name: string): string | null {
  const labels = name.toLowerCase().replace(/\.$/, "").split(".");
  let best: { length: number; url: string } | null = null;
  for (const service of services) {
    for (const entry of service.entries) {
      if (entry.length > labels.length) continue;
      const tail = labels.slice(labels.length - entry.length);
      if (tail.every((label, i) => label === entry[i]) && (!best || entry.length > best.length)) {
        best = { length: entry.length, url: service.baseUrl };
      }
    }
  }
  return best?.url ?? null;
}

/**
 * IANA's bootstrap file, fetched once and cached (ETag revalidation after the TTL), with a shipped
 * snapshot so lookups work before the first fetch and while IANA is unreachable.
 */
export function rdapBootstrap(options: RdapBootstrapOptions): RdapBootstrap {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 24 * 3_600_000;
  let services = parseBootstrap(options.snapshot ?? snapshotFile) ?? [];
  let etag: string | null = null;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    try {
      const headers: Record<string, string> = { accept: "application/json" };
      if (etag) headers["if-none-match"] = etag;
      const response = await fetchImpl(options.url, {
        headers,
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (response.status === 304) return;
      if (!response.ok) return;
      const parsed = parseBootstrap(await response.json());
      if (!parsed || parsed.length === 0) return;
      services = parsed;
      etag = response.headers.get("etag");
    } catch {
      // Unreachable or malformed: keep what we have; the next lookup after the TTL tries again.
    } finally {
      fetchedAt = now();
    }
  }

  return {
    async baseUrlFor(name) {
      if (now() - fetchedAt >= ttlMs) {
        pending ??= refresh().finally(() => {
          pending = null;
        });
        // The first fetch is awaited (the snapshot may be stale); later ones refresh in the background.
        if (fetchedAt === Number.NEGATIVE_INFINITY) await pending;
      }
      return matchBaseUrl(services, name);
    },
  };
}
