import type { ResolveAll } from "#server/modules/analysis/ssrf-guard.ts";

/**
 * A resolver the test controls: names in `table` answer from it, anything else does not
 * exist. Never asks real DNS, so tests make no outside requests.
 */
export function testResolver(table: Record<string, string[]>): ResolveAll & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname.toLowerCase().replace(/\.$/, "")];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

/** Answers public on the first question and loopback after: DNS rebinding. */
export function rebindingResolver(hostname: string, first: string, then: string): ResolveAll & { calls: number } {
  let calls = 0;
  const resolve = async (name: string) => {
    if (name !== hostname) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    calls += 1;
    const address = calls === 1 ? first : then;
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };
  return Object.assign(resolve, {
    get calls() {
      return calls;
    },
  }) as ResolveAll & { calls: number };
}
