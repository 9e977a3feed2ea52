import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDnsDouble, type DnsDouble } from "../doubles/dns-server.ts";
import { startRdapDouble, type RdapDouble } from "../doubles/rdap-server.ts";
import { startWhoisDouble, type WhoisDouble } from "../doubles/whois-server.ts";

export interface RegistryDoubles {
  rdap: RdapDouble;
  dns: DnsDouble;
  whois: WhoisDouble;
  close(): Promise<void>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The registry doubles the server under test reads (playwright.config.ts names their ports). Spec
 * files run in parallel workers, and only one can own those ports at a time: a lock file (with the
 * owner's pid, so a crashed run's lock is taken over) makes the next one wait its turn.
 */
export async function startRegistryDoubles(port: number, waitMs = 150_000): Promise<RegistryDoubles> {
  const lock = path.join(tmpdir(), `e2e-registry-doubles-${port}.lock`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lock, "utf8").trim());
      if (owner && owner !== process.pid && !alive(owner)) {
        unlinkSync(lock);
        continue;
      }
      if (Date.now() > deadline) throw new Error(`registry doubles on port ${port} still busy after ${waitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    const [rdap, dns, whois] = await Promise.all([startRdapDouble({ port: port + 11 }), startDnsDouble({ port: port + 12 }), startWhoisDouble({ port: port + 13 })]);
    return {
      rdap,
      dns,
      whois,
      async close() {
        await Promise.all([rdap.close(), dns.close(), whois.close()]);
        unlinkSync(lock);
      },
    };
  } catch (error) {
    unlinkSync(lock);
    throw error;
  }
}
