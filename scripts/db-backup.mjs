// `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (docs/deploy.md, "Backups").
// PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore.
// Embedded database (DATA_DIR): PGlite's own data-directory dump (a .tar.gz); stop the server first.
// Restore refuses to overwrite a database that holds tables unless --force is given.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

if (existsSync(".env")) {
  const saved = { ...process.env };
  process.loadEnvFile(".env");
  Object.assign(process.env, saved);
}

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes("--force");
const file = rest.find((arg) => !arg.startsWith("--"));
if (!["backup", "restore"].includes(command) || !file) {
  console.error("usage: npm run backup -- FILE | npm run restore -- FILE [--force]");
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || "./data");

function fail(message) {
  console.error(message);
  process.exit(1);
}

function run(tool, args) {
  const result = spawnSync(tool, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (result.error?.code === "ENOENT")
    fail(`${tool} is not installed: apt-get install postgresql-client (its major version at least the server's)`);
  if (result.status !== 0) fail(`${tool} failed (exit ${result.status})`);
}

async function tablesIn(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

const pgliteDir = path.join(dataDir, "pglite");
const isEmptyDir = async (dir) => !existsSync(dir) || (await readdir(dir)).length === 0;

if (databaseUrl && command === "backup") {
  run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, databaseUrl]);
  console.log(`PostgreSQL backup written to ${file}`);
} else if (databaseUrl) {
  const header = (await readFile(file)).subarray(0, 5).toString("latin1");
  if (header !== "PGDMP") fail(`${file} is not a pg_dump custom-format backup (npm run backup makes one)`);
  const tables = await tablesIn(databaseUrl);
  if (tables > 0 && !force)
    fail(`The database already holds ${tables} tables: restoring would overwrite them. Add --force to do so.`);
  const clean = tables > 0 ? ["--clean", "--if-exists"] : [];
  run("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    ...clean,
    `--dbname=${databaseUrl}`,
    file,
  ]);
  console.log(`PostgreSQL database restored from ${file}`);
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  if (command === "backup") {
    if (await isEmptyDir(pgliteDir)) fail(`No embedded database in ${pgliteDir} to back up (DATA_DIR)`);
    const db = new PGlite(pgliteDir);
    await db.waitReady;
    const dump = await db.dumpDataDir("gzip");
    await db.close();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    console.log(`Embedded database backup written to ${file}`);
  } else {
    const bytes = await readFile(file);
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b)
      fail(`${file} is not an embedded-database backup (npm run backup makes one)`);
    if (!(await isEmptyDir(pgliteDir))) {
      if (!force) fail(`${pgliteDir} already holds a database: restoring would replace it. Add --force to do so.`);
      const aside = `${pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      await rename(pgliteDir, aside);
      console.log(`The database that was there is kept in ${aside}`);
    }
    const db = await PGlite.create(pgliteDir, { loadDataDir: new Blob([bytes]) });
    await db.close();
    console.log(`Embedded database restored from ${file} into ${pgliteDir}`);
  }
}
