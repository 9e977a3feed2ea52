// npm run bench:epp — what one domain registration over EPP costs against the loopback registry
// double (TLS, RFC 5734 framing, the same registrar code as production, steps written to PGlite):
// opening a session, one command on an open session, a registration end to end (round trips and
// time), and registrations in parallel through a pool of 2 sessions. Run with the double answering
// at once and after 50 ms (a registry across the Internet). Prints figures, asserts nothing.
import { randomUUID } from "node:crypto";
import { registryProfiles } from "#content/registries.ts";
import { domainCheck } from "#server/adapters/epp/epp-commands.ts";
import { EppPool } from "#server/adapters/epp/epp-pool.ts";
import { openPglite } from "#server/db/client.ts";
import { stepRecorder } from "#server/lib/orders.ts";
import { eppRegistrar } from "#server/modules/domains/epp-registrar.ts";
import { startEppDouble } from "../tests/doubles/epp-server.ts";

const database = await openPglite(null);
await database.migrate();
const double = await startEppDouble({ maxSessions: 4 });
const registrant = {
  name: "Aline Uwase",
  organisation: null,
  email: "aline@example.rw",
  phoneNumber: "250783456789",
  address: "KG 7 Ave 12",
  city: "Kigali",
  country: "RW",
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
let counter = 0;

async function run(delayMs: number) {
  double.delayMs = delayMs;
  const pool = new EppPool(
    {
      host: double.host,
      port: double.port,
      username: double.username,
      password: double.password,
      ca: double.ca,
      timeoutMs: 10_000,
    },
    { maxSessions: 2, keepAliveMs: 0 },
  );
  const registrar = eppRegistrar({ id: "ricta", profile: registryProfiles.ricta, pool, username: double.username });
  let started = performance.now();
  await pool.execute(domainCheck(["warmup.rw"], "BENCH-open"));
  const open = performance.now() - started;
  const oneCommand: number[] = [];
  for (let i = 0; i < 10; i++) {
    started = performance.now();
    await pool.execute(domainCheck([`probe${i}.rw`], `BENCH-check-${i}`));
    oneCommand.push(performance.now() - started);
  }
  async function register() {
    const orderId = randomUUID();
    const n = ++counter;
    const before = double.commands.length;
    const t0 = performance.now();
    const result = await registrar.register(
      {
        orderId,
        reference: `DOM-BENCH${n}`,
        domain: `bench-${n}.rw`,
        years: 1,
        nameservers: [`ns1.host${n}.example`, `ns2.host${n}.example`],
        registrant,
      },
      { steps: stepRecorder(database.db, { orderType: "domain", orderId }, "epp:ricta") },
    );
    if (result.kind !== "registered") throw new Error(`bench registration ended ${result.kind}`);
    return { ms: performance.now() - t0, roundTrips: double.commands.length - before };
  }
  const sequential: { ms: number; roundTrips: number }[] = [];
  for (let i = 0; i < 20; i++) sequential.push(await register());
  started = performance.now();
  await Promise.all(Array.from({ length: 20 }, () => register()));
  const parallel = performance.now() - started;
  await pool.close();
  console.log(`\nRegistry double answering after ${delayMs} ms`);
  console.log(`  open a session (TLS, greeting, login, first check): ${ms(open)}`);
  console.log(`  one command on an open session: median ${ms(median(oneCommand))}`);
  console.log(
    `  one registration (check, 2 contacts, host check, 2 hosts, create, info): ` +
      `median ${ms(median(sequential.map((s) => s.ms)))}, p95 ${ms(p95(sequential.map((s) => s.ms)))}, ` +
      `${median(sequential.map((s) => s.roundTrips))} round trips`,
  );
  console.log(
    `  20 registrations at once over 2 sessions: ${ms(parallel)} (${(20_000 / parallel).toFixed(1)} per second)`,
  );
}

await run(0);
await run(50);
await double.close();
await database.close();
