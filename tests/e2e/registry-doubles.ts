import { startDnsDouble, type DnsDouble } from "../doubles/dns-server.ts";
import { startRdapDouble, type RdapDouble } from "../doubles/rdap-server.ts";
import { startWhoisDouble, type WhoisDouble } from "../doubles/whois-server.ts";

export interface RegistryDoubles {
  rdap: RdapDouble;
  dns: DnsDouble;
  whois: WhoisDouble;
  /** The server settings that point domain lookups at these doubles. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The registries (RDAP, DNS, WHOIS) a worker's server reads, on ports the system chose. */
export async function startRegistryDoubles(): Promise<RegistryDoubles> {
  const [rdap, dns, whois] = await Promise.all([startRdapDouble(), startDnsDouble(), startWhoisDouble()]);
  return {
    rdap,
    dns,
    whois,
    env: {
      DOMAINS_RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      DOMAINS_DNS_SERVERS: dns.server,
      DOMAINS_WHOIS_SERVERS: `ug=127.0.0.1:${whois.port}`,
    },
    async close() {
      await Promise.all([rdap.close(), dns.close(), whois.close()]);
    },
  };
}
