import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../lib/project-root.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (idempotent; safe with several instances starting at once). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * LISTENs on a channel (NOTIFY is plain SQL: `select pg_notify(...)`, delivered on commit).
   * Resolves once listening; the returned function stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = () => path.join(projectRoot(), "server", "db", "migrations");

// Any constant works: it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 727_001;

export async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection can drop (database restart, failover, admin command); the pool replaces
  // it on the next query. Without a listener the 'error' event would crash the process.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const listener = postgresListener(databaseUrl);
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Two instances starting together must not both apply the same migration.
      const lock = await pool.connect();
      try {
        await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * LISTEN needs one dedicated connection (a pooled one would be handed to other queries). It is
 * opened on first use and, if it drops, reopened with every channel listened to again.
 */
function postgresListener(databaseUrl: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      next.on("error", () => {
        if (client === next) client = null;
        next.end().catch(() => undefined);
        if (!closed && handlers.size > 0) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
      client = next;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
      const first = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      set.add(onNotify);
      handlers.set(channel, set);
      const connection = await connect();
      if (first) await connection.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(onNotify);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The embedded default: PostgreSQL in WebAssembly, stored in a folder (or in memory when dataDir is null). */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(path.join(dataDir, "pglite")) : new PGlite();
  await client.waitReady;
  const drizzleDb = drizzlePglite(client, { schema });
  const db = drizzleDb as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzleDb, { migrationsFolder: migrationsFolder() });
    },
    async ping() {
      if (closed) throw new Error("database is closed");
      await db.execute(sql`select 1`);
    },
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
