// `npm run db:migrate`: applies the migrations to DATABASE_URL (or the embedded database in DATA_DIR).
// Works from a fresh clone: the server bundle is built first when it is missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (existsSync(".env")) {
  const saved = { ...process.env };
  process.loadEnvFile(".env");
  Object.assign(process.env, saved);
}
if (!existsSync("dist/server/migrate.js")) {
  const result = spawnSync(process.execPath, ["scripts/build-server.mjs", "--server-only"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../dist/server/migrate.js");
