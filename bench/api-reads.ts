// npm run bench:api — the cost of the public catalogue reads in process (no network, no proxy):
// microseconds per request for /api/domains/tlds and /api/vps/catalog, on embedded PGlite and, with
// TEST_DATABASE_URL set, on PostgreSQL. bench:proxy measures them under load through nginx.
import { databaseBackends } from "../tests/support/databases.ts";
import { testApp } from "../tests/support/test-app.ts";

const REQUESTS = 2_000;
for (const backend of databaseBackends()) {
  const { database, cleanup } = await backend.open();
  const app = await testApp(database);
  for (const url of ["/api/domains/tlds", "/api/vps/catalog"]) {
    for (let i = 0; i < 200; i++) await app.inject({ url }); // warm-up
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await app.inject({ url });
    const perRequest = ((performance.now() - started) / REQUESTS) * 1000;
    console.log(`${backend.name.padEnd(8)} ${url.padEnd(18)} ${perRequest.toFixed(0).padStart(5)} µs per request`);
  }
  await app.close();
  await cleanup();
}
