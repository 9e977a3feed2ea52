import type { SQL } from "drizzle-orm";
import type { Database } from "./client.ts";

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer with `rows`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
