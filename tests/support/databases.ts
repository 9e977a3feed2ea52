import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "#server/db/client.ts";

export interface DatabaseBackend {
  name: "pglite" | "postgres";
  /** A fresh, migrated, empty database; `cleanup` closes and deletes it. `url`: PostgreSQL's address. */
  open(): Promise<{ database: DatabaseHandle; cleanup: () => Promise<void>; url?: string }>;
}

const pgliteBackend: DatabaseBackend = {
  name: "pglite",
  async open() {
    const database = await openPglite(null);
    await database.migrate();
    return { database, cleanup: () => database.close() };
  },
};

/** A throwaway database on the server at TEST_DATABASE_URL, created per test file. */
function postgresBackend(adminUrl: string): DatabaseBackend {
  return {
    name: "postgres",
    async open() {
      const name = `test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openPostgres(url.toString());
      await database.migrate();
      return {
        database,
        url: url.toString(),
        cleanup: async () => {
          await database.close();
          const dropper = new pg.Client({ connectionString: adminUrl });
          await dropper.connect();
          await dropper.query(`drop database if exists ${name} with (force)`);
          await dropper.end();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it when a server answers). */
export function databaseBackends(): DatabaseBackend[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteBackend, postgresBackend(url)] : [pgliteBackend];
}
