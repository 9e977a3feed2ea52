// npm run bench:domains — how fast the domain search streams, with every registry double answering
// after 100 ms (DNS, RDAP, WHOIS and the IANA bootstrap): time to the first row and to all rows for
// the 13 TLDs on sale plus suggestions. Aim: first row <= 200 ms, all rows <= 1.5 s. Prints figures.
import { openPglite } from "#server/db/client.ts";
import { buildApp } from "#server/app.ts";
import { databaseRateLimiter } from "#server/lib/rate-limiter.ts";
import { testConfig } from "../tests/support/test-app.ts";
import { startDnsDouble } from "../tests/doubles/dns-server.ts";
import { startRdapDouble } from "../tests/doubles/rdap-server.ts";
import { startWhoisDouble, whoisReplies } from "../tests/doubles/whois-server.ts";

const DELAY_MS = 100;
const [rdap, whois, dns] = await Promise.all([
  startRdapDouble({ delayMs: DELAY_MS }),
  startWhoisDouble({ delayMs: DELAY_MS }),
  startDnsDouble({ delayMs: DELAY_MS }),
]);
const database = await openPglite(null);
await database.migrate();
const app = await buildApp(
  testConfig({
    DOMAINS_RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
    DOMAINS_DNS_SERVERS: dns.server,
    DOMAINS_WHOIS_SERVERS: `ug=${whois.host}:${whois.port}`,
    DOMAINS_AVAILABLE_CACHE_SECONDS: "0",
    DOMAINS_REGISTERED_CACHE_SECONDS: "0",
  }),
  { database, rateLimiter: databaseRateLimiter(database.db), mailer: null, logger: false },
);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

async function search(q: string) {
  // A few names of each kind: delegated (DNS answers), registered but not delegated (RDAP/WHOIS 200).
  dns.names[`${q}.com`] = "ns";
  dns.names[`${q}.org`] = "ns";
  rdap.names[`${q}.rw`] = { kind: "registered" };
  whois.names[`${q}.co.ug`] = { kind: "reply", text: whoisReplies.ugFound(`${q}.co.ug`) };
  const started = performance.now();
  const response = await fetch(`${base}/api/domains/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ q }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let firstRow = 0;
  let rows = 0;
  let tldRows = 0;
  let candidates = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const event = JSON.parse(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      if (event.type === "candidates") candidates = event.candidates.length;
      if (event.type === "result") {
        rows += 1;
        if (!event.result.name.startsWith(q + ".") || event.result.name.split(".")[0] !== q) {
          /* suggestion */
        } else tldRows += 1;
        if (!firstRow) firstRow = performance.now() - started;
        if (process.env.BENCH_VERBOSE)
          console.log(
            `  ${(performance.now() - started).toFixed(0).padStart(5)} ms  ${event.result.name} ` +
              `${event.result.state} (${event.result.source})`,
          );
      }
    }
  }
  return { firstRow, all: performance.now() - started, rows, tldRows, candidates };
}

console.log(`Domain search, every double answering after ${DELAY_MS} ms (this machine)\n`);
const runs: Array<Awaited<ReturnType<typeof search>>> = [];
const line = (label: string, r: Awaited<ReturnType<typeof search>>) =>
  console.log(
    `${label.padEnd(28)} first row ${r.firstRow.toFixed(0).padStart(4)} ms   all ${r.rows} rows ` +
      `(${r.tldRows} TLDs + ${r.rows - r.tldRows} suggestions) ${r.all.toFixed(0).padStart(5)} ms`,
  );
for (let i = 0; i < 6; i += 1) {
  // A visitor pausing between searches: the per-registry token buckets refill (5/s, burst 10).
  if (i > 0) await new Promise((r) => setTimeout(r, 2000));
  const result = await search(`benchname${i}`);
  runs.push(result);
  line(i === 0 ? "cold (bootstrap fetched)" : `search ${i}, 2 s after the last`, result);
}
// Back to back: ~8 lookups per search go to the .rw registry, so its 5/s limit paces the rows.
for (let i = 0; i < 3; i += 1) line(`back-to-back ${i + 1}`, await search(`burstname${i}`));
const warm = runs.slice(1);
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `\nwarm median: first row ${median(warm.map((r) => r.firstRow)).toFixed(0)} ms, all rows ` +
    `${median(warm.map((r) => r.all)).toFixed(0)} ms (aim: 200 ms / 1500 ms)`,
);
await app.close();
await Promise.all([rdap.close(), whois.close(), dns.close(), database.close()]);
