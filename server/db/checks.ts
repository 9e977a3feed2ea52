import { getTableName, sql } from "drizzle-orm";
import { check, type PgColumn } from "drizzle-orm/pg-core";

/**
 * A CHECK that a text column holds one of its `enum` values: the same array (from contracts/)
 * types the column in TypeScript and lists the values the database accepts, so the two cannot drift.
 * NULL passes (a nullable column says so itself). Named `<table>_<column>_check`.
 */
export function oneOf(column: PgColumn & { enumValues: readonly string[] | undefined }) {
  // drizzle-kit hands the extra config builder-made columns, which keep the values in `config` only.
  const built = column as unknown as { config?: { enumValues?: readonly string[] } };
  const values = column.enumValues ?? built.config?.enumValues;
  if (!values?.length) throw new Error(`${column.name} declares no enum values`);
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return check(`${getTableName(column.table)}_${column.name}_check`, sql`${column} in (${sql.raw(list)})`);
}

/** A CHECK that an amount (a price, a rate) is above zero. Named `<table>_<column>_positive`. */
export function positive(column: PgColumn) {
  return check(`${getTableName(column.table)}_${column.name}_positive`, sql`${column} > 0`);
}

/** A CHECK that an integer flag is 0 or 1 (until it becomes a boolean; see docs/decisions/0034). */
export function flag(column: PgColumn) {
  return check(`${getTableName(column.table)}_${column.name}_flag`, sql`${column} in (0, 1)`);
}
