import { promises as dns } from "node:dns";

/** "delegated": the name has nameservers (taken, near certain); "no_delegation": maybe free; "no_answer": ask the registry. */
export type DnsSignal = "delegated" | "no_delegation" | "no_answer";

export interface DnsPrecheck {
  check(name: string): Promise<DnsSignal>;
}

/**
 * NS query for the registrable name through the configured resolvers (never the machine's, which
 * may rewrite NXDOMAIN). Only an NS answer means registered; NXDOMAIN or NODATA only means "maybe
 * free", confirmed by RDAP/WHOIS. SERVFAIL is the resolver saying it got no answer: a lame delegation
 * (registered) and a resolver or TLD server outage (says nothing) look the same, so the registry is
 * asked (decision 0013).
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
        if (code === "ENOTFOUND" || code === "ENODATA") return "no_delegation";
        return "no_answer";
      }
    },
  };
}
