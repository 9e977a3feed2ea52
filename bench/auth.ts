// npm run bench:auth — how many staff sign-ins per second the server sustains (argon2id cost
// dominates), and what checking a session adds to a request. In-process (Fastify inject) on the
// embedded database, so the figures are the server's own work, not the network's.
import { openPglite } from "#server/db/client.ts";
import { databaseRateLimiter } from "#server/lib/rate-limiter.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { hashPassword } from "#server/modules/admin/passwords.ts";
import { SESSION_COOKIE } from "#server/modules/admin/sessions.ts";
import { insertStaff } from "#server/modules/admin/staff-repository.ts";

const ORIGIN = "https://bench.example";
const database = await openPglite(null);
await database.migrate();
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", STATIC_DIR: "/nonexistent", PUBLIC_URL: ORIGIN });
const app = await buildApp(config, { database, rateLimiter: databaseRateLimiter(database.db), mailer: null });
await app.ready();
await insertStaff(database.db, {
  username: "bench",
  displayName: "Bench",
  role: "admin",
  passwordHash: await hashPassword("bench-password-123"),
});

const login = () =>
  app.inject({
    method: "POST",
    url: "/api/admin/login",
    headers: { origin: ORIGIN },
    payload: { username: "bench", password: "bench-password-123" },
  });

const hashStarted = performance.now();
for (let i = 0; i < 20; i++) await hashPassword("bench-password-123");
const hashMs = (performance.now() - hashStarted) / 20;

await login(); // warm-up
const sequential = 40;
let started = performance.now();
for (let i = 0; i < sequential; i++) await login();
const sequentialRate = sequential / ((performance.now() - started) / 1000);

const concurrent = 40;
started = performance.now();
await Promise.all(Array.from({ length: concurrent }, () => login()));
const concurrentRate = concurrent / ((performance.now() - started) / 1000);

const cookie = (await login()).cookies.find((c) => c.name === SESSION_COOKIE)!.value;
async function meanMs(url: string, headers: Record<string, string>, n = 1000) {
  for (let i = 0; i < 50; i++) await app.inject({ url, headers });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await app.inject({ url, headers });
  return (performance.now() - t0) / n;
}
const plain = await meanMs("/healthz", {});
const authed = await meanMs("/api/admin/verify", { cookie: `${SESSION_COOKIE}=${cookie}` });
const refused = await meanMs("/api/admin/verify", {});

console.log("Staff sign-in and session cost (in-process, embedded PGlite, this machine)\n");
console.log(`argon2id hash (m=19 MiB, t=2, p=1):       ${hashMs.toFixed(1)} ms`);
console.log(`sign-ins per second, one after another:   ${sequentialRate.toFixed(1)}`);
console.log(`sign-ins per second, ${concurrent} at once:          ${concurrentRate.toFixed(1)}`);
console.log(`GET /healthz (no session):                ${(plain * 1000).toFixed(0)} µs`);
console.log(
  `GET /api/admin/verify (valid session):    ${(authed * 1000).toFixed(0)} µs  ` +
    `(+${((authed - plain) * 1000).toFixed(0)} µs for the session check)`,
);
console.log(`GET /api/admin/verify (no cookie, 401):   ${(refused * 1000).toFixed(0)} µs`);

await app.close();
await database.close();
