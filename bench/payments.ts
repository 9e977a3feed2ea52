// npm run bench:payments — callbacks verified per second (signature check alone, and the whole
// callback endpoint with its database update) and payment-page creation latency, with the real
// pawaPay adapter talking to the loopback simulator over HTTP. Embedded PGlite, this machine.
import { startPawapaySimulator } from "../tests/doubles/pawapay-simulator.ts";
import { buildApp } from "#server/app.ts";
import { cachedKeyStore, verifySignedMessage } from "#server/adapters/pawapay/callback-signature.ts";
import { loadConfig } from "#server/config.ts";
import { openPglite } from "#server/db/client.ts";
import { databaseRateLimiter } from "#server/lib/rate-limiter.ts";

const sim = await startPawapaySimulator({ finalDelayMs: 1 });
const database = await openPglite(null);
await database.migrate();
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: process.env.BENCH_LOG ?? "silent",
  STATIC_DIR: "/nonexistent",
  PUBLIC_URL: "https://bench.example",
  PAWAPAY_API_TOKEN: sim.token,
  PAWAPAY_BASE_URL: sim.url,
  PAYMENTS_RECONCILE_INTERVAL_MS: "3600000",
});
const app = await buildApp(config, { database, rateLimiter: databaseRateLimiter(database.db), mailer: null });
await app.ready();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// 1. Payment-page creation: POST /api/hosted-payment -> stored row -> active-conf (cached) -> /v2/paymentpage.
let ip = 0;
const createPage = () =>
  app.inject({
    method: "POST",
    url: "/api/hosted-payment",
    payload: { phoneNumber: "250783456789", amount: 1000, currency: "RWF", description: "payment", country: "RWA" },
    remoteAddress: `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
  });
for (let i = 0; i < 20; i++) await createPage();
const latencies: number[] = [];
const ids: string[] = [];
for (let i = 0; i < 300; i++) {
  const t0 = performance.now();
  const response = await createPage();
  latencies.push(performance.now() - t0);
  if (response.statusCode !== 200) throw new Error(`hosted-payment answered ${response.statusCode}: ${response.body}`);
  ids.push(response.json<{ transactionId: string }>().transactionId);
}
latencies.sort((a, b) => a - b);
let t0 = performance.now();
await Promise.all(Array.from({ length: 100 }, () => createPage()));
const concurrentPages = 100 / ((performance.now() - t0) / 1000);

// 2. Signature verification alone (DER ECDSA P-256 + SHA-512 digest), keys cached.
const target = "http://bench.example/api/payments/callback";
const bodies = ids.map((depositId) =>
  Buffer.from(
    JSON.stringify({
      depositId,
      status: "COMPLETED",
      amount: "1000.00",
      currency: "RWF",
      country: "RWA",
      providerTransactionId: "P1",
    }),
  ),
);
const signed = bodies.map((body) => ({ body, headers: sim.signedHeaders(body, target) }));
const keys = cachedKeyStore(async () => [{ id: sim.keyId, key: sim.publicKeyPem }]);
const verifyN = 5000;
t0 = performance.now();
for (let i = 0; i < verifyN; i++) {
  const { body, headers } = signed[i % signed.length]!;
  const result = await verifySignedMessage(
    { method: "POST", scheme: "http", authority: "bench.example", target: "/api/payments/callback", headers, body },
    keys,
  );
  if (!result.ok) throw new Error(result.reason);
}
const verifyRate = verifyN / ((performance.now() - t0) / 1000);

// 3. The whole callback endpoint: verify, parse, lock the row, move it forward (or not), record the event.
const post = (i: number) => {
  const { body, headers } = signed[i % signed.length]!;
  // pawaPay calls from a handful of addresses; spread them so the per-address limit does not cap the figure.
  return app.inject({
    method: "POST",
    url: "/api/payments/callback",
    headers: { ...headers, host: "bench.example" },
    payload: body,
    remoteAddress: `172.16.${(i >> 8) & 255}.${i & 255}`,
  });
};
const callbackN = 1500;
t0 = performance.now();
for (let i = 0; i < callbackN; i++) {
  const response = await post(i);
  if (response.statusCode !== 200) throw new Error(`callback answered ${response.statusCode} ${response.body}`);
}
const callbackRate = callbackN / ((performance.now() - t0) / 1000);
t0 = performance.now();
await Promise.all(Array.from({ length: callbackN }, (_, i) => post(i)));
const callbackConcurrentRate = callbackN / ((performance.now() - t0) / 1000);
// Forged (wrong key): refused before any database work.
const forged = bodies.slice(0, 50).map((body) => ({ body, headers: sim.signedHeaders(body, target, "wrong-key") }));
t0 = performance.now();
for (let i = 0; i < 1000; i++) {
  const { body, headers } = forged[i % forged.length]!;
  await app.inject({
    method: "POST",
    url: "/api/payments/callback",
    headers: { ...headers, host: "bench.example" },
    payload: body,
    remoteAddress: `172.17.${(i >> 8) & 255}.${i & 255}`,
  });
}
const forgedRate = 1000 / ((performance.now() - t0) / 1000);

console.log(
  "Payments (in-process API, real pawaPay adapter -> loopback simulator over HTTP, embedded PGlite, this machine)\n",
);
console.log(
  `payment-page creation latency (n=300):    p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
);
console.log(`payment-page creation, 100 concurrent:    ${concurrentPages.toFixed(0)} pages/s`);
console.log(`callback signatures verified (alone):     ${verifyRate.toFixed(0)} /s`);
console.log(`callbacks handled end to end, sequential: ${callbackRate.toFixed(0)} /s (verify + row lock + event)`);
console.log(`callbacks handled end to end, concurrent: ${callbackConcurrentRate.toFixed(0)} /s`);
console.log(`forged callbacks refused:                 ${forgedRate.toFixed(0)} /s`);

await app.close();
await sim.close();
await database.close();
