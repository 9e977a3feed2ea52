import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";

/**
 * `npm run db:migrate` (and kts-migrate.service): applies the migrations this release ships to
 * DATABASE_URL, or to the embedded database in DATA_DIR, then exits. Safe while the site runs:
 * migrations are written expand-then-contract, and a lock keeps two runs from overlapping.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const before = await database.schemaStatus();
    if (before.state === "ahead") {
      console.error(
        `The database schema is newer than this release knows (newest here: ${before.known.tag}); nothing applied.`,
      );
      process.exitCode = 1;
      return;
    }
    await database.migrate();
    const after = await database.schemaStatus();
    const applied = after.appliedCount - before.appliedCount;
    console.log(
      `${database.kind}: ${applied === 0 ? "already up to date" : `${applied} migration(s) applied`}; ` +
        `schema at ${after.known.tag}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
