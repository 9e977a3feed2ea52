import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { is } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { getTableConfig, PgTable, type PgColumn } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../lib/project-root.ts";

/**
 * Every committed migration must keep the rows already stored. A database is built up to a point
 * in the migration history, every table gets rows, the rest of the migrations are applied, and
 * each row must still be there with every column's value equal (a column retyped from text to
 * numeric must read back the same string). A migration that adds a NOT NULL column without a
 * default, drops a table or rewrites values fails here. Runs on PGlite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set (each run in its own database).
 */
const root = projectRoot();
const migrationsFolder = path.join(root, "server/db/migrations");
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: Array<{ idx: number; tag: string }>;
};

/** Migrations 0000-0008: the schema of the site as it ran before the orders round. */
const LAST_RELEASED = 9;
/** Migrations 0000-0019: the schema before the database checked what it stores (docs/decisions/0034). */
const BEFORE_CONSTRAINTS = journal.entries.findIndex((e) => e.tag === "0019_staff_two_factor") + 1;

/** Amounts as the code and pawaPay write them, the awkward ones included: scale and digits must survive. */
const EDGE_AMOUNTS = ["1000", "12.50", "0.01", "99999999999999999999.99", "100.000"];
const ROWS = EDGE_AMOUNTS.length;

const scratch = mkdtempSync(path.join(tmpdir(), "kts-migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the migrations folder that stops after the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const folder = path.join(scratch, `upto-${count}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const partial = { ...journal, entries: journal.entries.slice(0, count) };
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(partial));
  return folder;
}

/* ------------------------------------------------------------------ what the code says is stored */

interface Declared {
  /** The union the column holds (its drizzle `enum`, from contracts/). */
  enumValues?: readonly string[];
  /** The column it names, when it is a foreign key. */
  references?: { table: string; column: string };
  sqlType: string;
}

/** Every table the code declares (the files drizzle.config.ts lists), column by column. */
async function declaredSchema(): Promise<Map<string, Declared>> {
  const files = ["server/db/schema.ts"];
  for (const parent of ["server/modules", "server/adapters"]) {
    for (const dir of readdirSync(path.join(root, parent))) {
      const names = readdirSync(path.join(root, parent, dir)).filter((f) => f.endsWith("-schema.ts"));
      files.push(...names.map((f) => `${parent}/${dir}/${f}`));
    }
  }
  const declared = new Map<string, Declared>();
  for (const file of files) {
    const exports = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const table of Object.values(exports)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      for (const column of config.columns as PgColumn[]) {
        declared.set(`${config.name}.${column.name}`, {
          enumValues: column.enumValues?.length ? column.enumValues : undefined,
          sqlType: column.getSQLType(),
        });
      }
      for (const fk of config.foreignKeys) {
        const ref = fk.reference();
        ref.columns.forEach((column, i) => {
          const entry = declared.get(`${config.name}.${column.name}`)!;
          entry.references = { table: getTableConfig(ref.foreignTable).name, column: ref.foreignColumns[i]!.name };
        });
      }
    }
  }
  return declared;
}

/* ------------------------------------------------------------------ a database on either engine */

interface Target {
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const client = new PGlite();
  const db = drizzlePglite({ client });
  return {
    exec: async (sql) => void (await client.exec(sql)),
    query: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `test_upgrade_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // One connection: the session setting that lets rows in without their foreign rows stays on it.
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg(client);
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await client.end();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const targets: Array<{ name: string; open: () => Promise<Target> }> = [{ name: "pglite", open: pgliteTarget }];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) targets.push({ name: "postgres", open: () => postgresTarget(adminUrl) });

/* ------------------------------------------------------------------ filling every table */

interface Column {
  table: string;
  column: string;
  udtName: string;
  dataType: string;
  hasDefault: boolean;
  maxLength: number | null;
}

async function columns(target: Target): Promise<Column[]> {
  const rows = await target.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    column_default: string | null;
    is_identity: string;
    character_maximum_length: number | null;
  }>(
    `select table_name, column_name, data_type, udt_name, column_default, is_identity, character_maximum_length
       from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  return rows.map((r) => ({
    table: r.table_name,
    column: r.column_name,
    udtName: r.udt_name,
    dataType: r.data_type,
    hasDefault: r.column_default !== null || r.is_identity === "YES",
    maxLength: r.character_maximum_length,
  }));
}

/**
 * "realistic": what the code writes (a status from its union, a foreign key naming a stored row,
 * amounts as decimal strings). "legacy": whatever an older or hand-edited database may hold (a text
 * column holds any text, a key may name nothing); only a column the code has always parsed as a
 * number holds one.
 */
type Style = "realistic" | "legacy";

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A literal for row `row` of the column; row n of one table names row n of another. */
function valueFor(column: Column, row: number, style: Style, declared: Map<string, Declared>): string {
  const key = `${column.table}.${column.column}`;
  const want = declared.get(key);
  // A key takes the value of the column it names (same type), so it names row n of that table.
  if (style === "realistic" && want?.references)
    return valueFor({ ...column, ...want.references }, row, style, declared);
  if (style === "realistic" && want?.enumValues) return quote(want.enumValues[row % want.enumValues.length]!);
  if (want?.sqlType === "numeric" && column.udtName === "text") return quote(EDGE_AMOUNTS[row]!);
  if (column.dataType === "ARRAY") return "'{}'";
  switch (column.udtName) {
    case "uuid":
      return `'00000000-0000-4000-8000-00000000000${row}'`;
    case "int2":
    case "int4":
    case "int8":
      return String(row % 2);
    case "numeric":
      return EDGE_AMOUNTS[row]!;
    case "float4":
    case "float8":
      return "1.5";
    case "bool":
      return row % 2 ? "true" : "false";
    case "timestamp":
    case "timestamptz":
      return `'2026-01-0${row + 1}T03:04:05.678Z'`;
    case "date":
      return `'2026-01-0${row + 1}'`;
    case "json":
    case "jsonb":
      return `'{"kept":${row},"amount":"12.50"}'`;
    case "bytea":
      return "'\\x0102'";
    case "inet":
      return `'192.0.2.${row + 1}'`;
    default: {
      const text = `kept-${column.column}-${row}`;
      return quote(column.maxLength ? text.slice(0, column.maxLength) : text);
    }
  }
}

/** ROWS rows in every table, inserted in any order (foreign keys are checked by the upgrade, not here). */
async function fillEveryTable(
  target: Target,
  style: Style,
  declared: Map<string, Declared>,
): Promise<Map<string, Array<Record<string, unknown>>>> {
  const all = await columns(target);
  const tables = [...new Set(all.map((c) => c.table))].filter((t) => t !== "__drizzle_migrations");
  const stored = new Map<string, Array<Record<string, unknown>>>();
  await target.exec("set session_replication_role = replica");
  for (const table of tables) {
    // Every column gets a value (nullable ones too), so a later change to any of them is seen.
    const filled = all.filter((c) => c.table === table && !(c.hasDefault && c.udtName.startsWith("int")));
    const names = filled.map((c) => `"${c.column}"`).join(", ");
    const rows = Array.from({ length: ROWS }, (_, row) =>
      filled.map((c) => valueFor(c, row, style, declared)).join(", "),
    );
    await target.exec(`insert into "${table}" (${names}) values (${rows.join("), (")})`);
    stored.set(table, await rowsOf(target, table));
  }
  await target.exec("set session_replication_role = origin");
  return stored;
}

/** A table's rows in a fixed order (by their values, as no column is unique in every table). */
async function rowsOf(target: Target, table: string): Promise<Array<Record<string, unknown>>> {
  const rows = await target.query<Record<string, unknown>>(`select * from "${table}"`);
  return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Every stored row is still there after the upgrade, each value equal (a retyped one read as the same text). */
async function expectKept(target: Target, before: Map<string, Array<Record<string, unknown>>>, label: string) {
  for (const [table, rows] of before) {
    const after = await rowsOf(target, table);
    expect(after, `${table} after ${label}`).toHaveLength(rows.length);
    rows.forEach((row, i) => {
      for (const [column, value] of Object.entries(row)) {
        if (!(column in after[i]!)) continue; // a column a later migration dropped is its own business
        expect(after[i]![column], `${table}.${column} row ${i}`).toEqual(value);
      }
    });
  }
}

async function notValidated(target: Target): Promise<string[]> {
  const rows = await target.query<{ conname: string }>(
    `select conname from pg_constraint where not convalidated and connamespace = current_schema()::regnamespace order by 1`,
  );
  return rows.map((r) => r.conname);
}

const declared = await declaredSchema();

for (const { name, open } of targets) {
  describe(`migrations keep the rows already stored (${name})`, () => {
    // Two databases: one as the site ran before the orders round (0000-0008), and one just before
    // the newest migration, so each new migration is tried on stored data. (Every point would cost
    // ~10 s each on PGlite; these are the upgrades a real site makes.)
    const points = [...new Set([LAST_RELEASED, journal.entries.length - 1])].filter((n) => n > 0);

    it.each(points)(
      "a database with the first %i migrations, holding legacy values, upgrades with every row intact",
      { timeout: 180_000 },
      async (count) => {
        const target = await open();
        try {
          await target.migrate(migrationsUpTo(count));
          const before = await fillEveryTable(target, "legacy", declared);
          await target.migrate(migrationsFolder);
          await expectKept(target, before, journal.entries[count - 1]!.tag);
        } finally {
          await target.close();
        }
      },
    );

    it(
      "a database at 0019 holding what the code writes upgrades with every row equal and every constraint validated",
      { timeout: 180_000 },
      async () => {
        const target = await open();
        try {
          await target.migrate(migrationsUpTo(BEFORE_CONSTRAINTS));
          const before = await fillEveryTable(target, "realistic", declared);
          await target.migrate(migrationsFolder);
          await expectKept(target, before, "the upgrade");
          expect(await notValidated(target)).toEqual([]);

          // The amounts read back exactly as written: pawaPay's callbacks are compared as strings.
          const amounts = await target.query<{ amount: string }>(`select amount from payment_transactions`);
          expect(amounts.map((r) => r.amount).sort()).toEqual([...EDGE_AMOUNTS].sort());
          // What the previous release's code writes (a decimal string) is still taken.
          await target.exec(`update payment_transactions set amount = '2500.50' where amount = '1000'`);
          expect(await target.query(`select amount from payment_transactions where amount = '2500.50'`)).toEqual([
            { amount: "2500.50" },
          ]);

          // Whatever writes it, the database refuses a value outside a column's union, a zero or
          // negative amount, and a key naming no row.
          const stored = new Map((await columns(target)).map((c) => [`${c.table}.${c.column}`, c.udtName]));
          const refusals: Array<[string, string]> = [];
          for (const [key, want] of declared) {
            if (!stored.has(key)) continue;
            const [table, column] = key.split(".") as [string, string];
            // One row at a time: a key or unique column set alike on every row would fail for another reason.
            const one = `where ctid = (select ctid from "${table}" limit 1)`;
            if (want.enumValues) refusals.push([`update "${table}" set "${column}" = 'not-in-the-union' ${one}`, key]);
            if (want.sqlType === "numeric") {
              refusals.push(
                [`update "${table}" set "${column}" = 0 ${one}`, key],
                [`update "${table}" set "${column}" = -1 ${one}`, key],
              );
            }
            if (want.references) {
              const nobody = stored.get(key) === "uuid" ? "'00000000-0000-4000-8000-0000000000ff'" : "'nobody'";
              refusals.push([`update "${table}" set "${column}" = ${nobody} ${one}`, key]);
            }
          }
          expect(refusals.length).toBeGreaterThan(50);
          for (const [statement, key] of refusals) {
            await expect(target.exec(statement), `${statement} (${key})`).rejects.toThrow(
              /violates (check|foreign key)/,
            );
          }
        } finally {
          await target.close();
        }
      },
    );

    it(
      "a database at 0019 holding values outside the unions and keys naming nothing upgrades, and keeps them",
      { timeout: 180_000 },
      async () => {
        const target = await open();
        try {
          await target.migrate(migrationsUpTo(BEFORE_CONSTRAINTS));
          const before = await fillEveryTable(target, "realistic", declared);
          await target.exec(`update vps_orders set status = 'legacy-status' where status = 'paid'`);
          await target.exec(
            `update domain_orders set payment_transaction_id = '00000000-0000-4000-8000-0000000000ff'
              where payment_transaction_id is not null`,
          );
          const edited = new Map(before);
          edited.set("vps_orders", await rowsOf(target, "vps_orders"));
          edited.set("domain_orders", await rowsOf(target, "domain_orders"));

          await target.migrate(migrationsFolder);

          await expectKept(target, edited, "the upgrade");
          // Those two constraints stay NOT VALID (enforced on every new write); every other one is validated.
          expect(await notValidated(target)).toEqual([
            "domain_orders_payment_transaction_id_payment_transactions_id_fk",
            "vps_orders_status_check",
          ]);
          await expect(target.exec(`update vps_orders set status = 'shipped' where status = 'active'`)).rejects.toThrow(
            /vps_orders_status_check/,
          );
          await expect(
            target.exec(
              `update vps_orders set payment_transaction_id = '00000000-0000-4000-8000-0000000000ff' where status = 'active'`,
            ),
          ).rejects.toThrow(/vps_orders_payment_transaction_id/);
        } finally {
          await target.close();
        }
      },
    );
  });
}
