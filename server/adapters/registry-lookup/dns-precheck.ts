import { promises as dns } from "node:dns";

/** "delegated": the name has nameservers (taken, near certain); "no_delegation": maybe free; "no_answer": ask the registry. */
export type DnsSignal = "delegated" | "no_delegation" | "no_answer";

export interface DnsPrecheck {
  check(name: string): Promise<DnsSignal>;
}

/**
 * NS query for the registrable name through the configured resolvers (never the machine's, which
 * may rewrite NXDOMAIN). An NS answer or SERVFAIL (lame delegation) means registered; NXDOMAIN or
 * NODATA only means "maybe free", confirmed by RDAP/WHOIS.
 */
export function dnsPrecheck(options: { servers: string[]; timeoutMs: number }): DnsPrecheck {
  const resolver = new dns.Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  return {
    async check(name) {
      try {
        const records = await resolver.resolveNs(name);
        return records.length > 0 ? "delegated" : "no_delegation";
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ESERVFAIL") return "delegated";
        if (code === "ENOTFOUND" || code === "ENODATA") return "no_delegation";
        return "no_answer";
      }
    },
  };
}
