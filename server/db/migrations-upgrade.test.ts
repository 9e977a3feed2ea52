import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../lib/project-root.ts";

/**
 * Every committed migration must keep the rows already stored. For each point in the migration
 * history, a database is built up to there, every table gets a row, the rest of the migrations are
 * applied, and each row must still be there with every unchanged column's value intact. A migration
 * that adds a NOT NULL column without a default, drops a table or rewrites values fails here.
 */
const migrationsFolder = path.join(projectRoot(), "server/db/migrations");
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: Array<{ idx: number; tag: string }>;
};

/** Migrations 0000-0008: the schema of the site as it ran before this round's changes. */
const LAST_RELEASED = 9;

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

interface Column {
  table: string;
  column: string;
  dataType: string;
  udtName: string;
  nullable: boolean;
  hasDefault: boolean;
  maxLength: number | null;
}

async function columns(client: PGlite): Promise<Column[]> {
  const { rows } = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    character_maximum_length: number | null;
  }>(
    `select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity,
            character_maximum_length
       from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  return rows.map((r) => ({
    table: r.table_name,
    column: r.column_name,
    dataType: r.data_type,
    udtName: r.udt_name,
    nullable: r.is_nullable === "YES",
    hasDefault: r.column_default !== null || r.is_identity === "YES",
    maxLength: r.character_maximum_length,
  }));
}

/** The first value each CHECK constraint on one column lists (`status in ('new', ...)`), by table.column. */
async function checkedValues(client: PGlite): Promise<Map<string, string>> {
  const { rows } = await client.query<{ table_name: string; definition: string }>(
    `select c.conrelid::regclass::text as table_name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'c' and n.nspname = 'public'`,
  );
  const values = new Map<string, string>();
  for (const { table_name, definition } of rows) {
    const column = definition.match(/\(\(?"?(\w+)"?\)?(?:::text)? = ANY|\(\(?"?(\w+)"?\)?(?:::text)? = '/);
    const literal = definition.match(/'([^']*)'::/) ?? definition.match(/'([^']*)'/);
    const name = column?.[1] ?? column?.[2];
    if (name && literal) values.set(`${table_name.replace(/"/g, "")}.${name}`, literal[1]!);
  }
  return values;
}

async function enumLabels(client: PGlite): Promise<Map<string, string>> {
  const { rows } = await client.query<{ typname: string; label: string }>(
    `select t.typname, min(e.enumlabel) as label from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname`,
  );
  return new Map(rows.map((r) => [r.typname, r.label]));
}

/** A literal of the column's type; the same for a given column wherever it is asked. */
function valueFor(column: Column, checks: Map<string, string>, enums: Map<string, string>): string {
  const checked = checks.get(`${column.table}.${column.column}`);
  if (checked !== undefined) return `'${checked.replace(/'/g, "''")}'`;
  if (column.dataType === "USER-DEFINED" && enums.has(column.udtName)) return `'${enums.get(column.udtName)}'`;
  if (column.dataType === "ARRAY") return "'{}'";
  switch (column.udtName) {
    case "uuid":
      return "'00000000-0000-4000-8000-000000000001'";
    case "int2":
    case "int4":
    case "int8":
    case "numeric":
    case "float4":
    case "float8":
      return "1";
    case "bool":
      return "true";
    case "timestamp":
    case "timestamptz":
      return "'2026-01-02T03:04:05Z'";
    case "date":
      return "'2026-01-02'";
    case "json":
    case "jsonb":
      return `'{"kept":true}'`;
    case "bytea":
      return "'\\x0102'";
    case "inet":
      return "'192.0.2.1'";
    default: {
      const text = `kept-${column.column}`;
      return `'${column.maxLength ? text.slice(0, column.maxLength) : text}'`;
    }
  }
}

/** One row in every table, foreign keys not enforced (they would only order the inserts). */
async function fillEveryTable(client: PGlite): Promise<Map<string, Record<string, unknown>>> {
  const all = await columns(client);
  const checks = await checkedValues(client);
  const enums = await enumLabels(client);
  const tables = [...new Set(all.map((c) => c.table))].filter((t) => t !== "__drizzle_migrations");
  const stored = new Map<string, Record<string, unknown>>();
  await client.exec("set session_replication_role = replica");
  for (const table of tables) {
    // Every column gets a value (nullable ones too), so a later change to any of them is seen.
    const filled = all.filter((c) => c.table === table && !(c.hasDefault && c.udtName.startsWith("int")));
    const names = filled.map((c) => `"${c.column}"`).join(", ");
    const values = filled.map((c) => valueFor(c, checks, enums)).join(", ");
    await client.exec(`insert into "${table}" (${names}) values (${values})`);
    const { rows } = await client.query<Record<string, unknown>>(`select * from "${table}"`);
    stored.set(table, rows[0]!);
  }
  await client.exec("set session_replication_role = origin");
  return stored;
}

describe("migrations keep the rows already stored", () => {
  // Two databases: one as this round began (migrations 0000-0008, the schema a site running today
  // has), and one just before the newest migration, so each new migration is tried on stored data.
  // (Every point would cost ~10 s each on PGlite; these two are the upgrades a real site makes.)
  const points = [...new Set([LAST_RELEASED, journal.entries.length - 1])].filter((n) => n > 0);

  it.each(points)(
    "a database with the first %i migrations upgrades with every row intact",
    { timeout: 180_000 },
    async (count) => {
      const client = new PGlite();
      try {
        const db = drizzle({ client });
        await migrate(db, { migrationsFolder: migrationsUpTo(count) });
        const before = await fillEveryTable(client);
        const typesBefore = new Map((await columns(client)).map((c) => [`${c.table}.${c.column}`, c.udtName]));

        await migrate(db, { migrationsFolder });

        const typesAfter = new Map((await columns(client)).map((c) => [`${c.table}.${c.column}`, c.udtName]));
        for (const [table, row] of before) {
          const { rows } = await client.query<Record<string, unknown>>(`select * from "${table}"`);
          expect(rows, `${table} after ${journal.entries[count - 1]!.tag}`).toHaveLength(1);
          for (const [column, value] of Object.entries(row)) {
            const key = `${table}.${column}`;
            // A column a later migration dropped or retyped is that migration's own business.
            if (!typesAfter.has(key) || typesAfter.get(key) !== typesBefore.get(key)) continue;
            expect(rows[0]![column], key).toEqual(value);
          }
        }
      } finally {
        await client.close();
      }
    },
  );
});
