import { readFileSync } from "node:fs";
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
import { queryRows } from "./query.ts";

// No schema is bound: queries name their tables, which live with the module that owns them.
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (idempotent; safe with several instances starting at once). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (null for the embedded database, which has none). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** How the database's applied migrations compare with the ones this build knows. */
  schemaStatus(): Promise<SchemaStatus>;
  /**
   * LISTENs on a channel (NOTIFY is plain SQL: `select pg_notify(...)`, delivered on commit).
   * Resolves once listening; the returned function stops it. A notification sent while the listening
   * connection was lost is gone: `onResumed` runs once it listens again, for the caller to read what
   * it may have missed.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  /**
   * Where connection errors outside any query go (an idle connection dropped, the LISTEN connection
   * lost): the app logs them. Until a handler is set they are written to stderr, never swallowed.
   */
  onError(handler: (error: Error, source: "pool" | "listener") => void): void;
  close(): Promise<void>;
}

function connectionErrors() {
  let handler: ((error: Error, source: "pool" | "listener") => void) | null = null;
  return {
    set: (next: typeof handler) => void (handler = next),
    report(error: Error, source: "pool" | "listener") {
      if (handler) handler(error, source);
      else process.stderr.write(`database ${source} error: ${error.message}\n`);
    },
  };
}

export const migrationsFolder = () => path.join(projectRoot(), "server", "db", "migrations");

/**
 * "current": every migration this build knows is applied, and nothing else. "behind": some are
 * still to apply (npm run db:migrate). "ahead": the database was migrated by a newer release,
 * whose schema this build must not write to.
 */
export interface SchemaStatus {
  state: "current" | "behind" | "ahead";
  /** The newest migration this build ships (its tag) and the time drizzle-kit stamped on it. */
  known: { tag: string; when: number };
  /** The stamp of the newest migration applied to the database; 0 when none is. */
  appliedWhen: number;
  /** How many migrations the database records. */
  appliedCount: number;
}

interface JournalEntry {
  tag: string;
  when: number;
}

function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** drizzle's migrators record each applied migration in drizzle.__drizzle_migrations (created_at = its stamp). */
async function readSchemaStatus(db: Database): Promise<SchemaStatus> {
  const entries = knownMigrations();
  const newest = entries.reduce((a, b) => (b.when > a.when ? b : a));
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  let appliedWhen = 0;
  let appliedCount = 0;
  if (table?.present) {
    const [row] = await queryRows<{ newest: string; count: number }>(
      db,
      sql`select coalesce(max(created_at), 0)::text as newest, count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    appliedWhen = Number(row?.newest ?? 0);
    appliedCount = row?.count ?? 0;
  }
  const state = appliedWhen > newest.when ? "ahead" : appliedWhen < newest.when ? "behind" : "current";
  return { state, known: { tag: newest.tag, when: newest.when }, appliedWhen, appliedCount };
}

/** Why a build must not run against this database, or null when it may. */
export function schemaProblem(status: SchemaStatus, migrateOnStart: boolean): string | null {
  if (status.state === "ahead") {
    return (
      `the database schema is newer than this release knows (applied migration stamped ${status.appliedWhen}, ` +
      `newest known ${status.known.tag} at ${status.known.when}): run the release that migrated it, or newer`
    );
  }
  if (status.state === "behind" && !migrateOnStart) {
    return `the database schema is behind this release (newest known ${status.known.tag}): run npm run db:migrate first`;
  }
  return null;
}

// Any constant works: it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 727_001;

export async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection can drop (database restart, failover, admin command); the pool replaces
  // it on the next query. Without a listener the 'error' event would crash the process.
  const errors = connectionErrors();
  pool.on("error", (error) => errors.report(error, "pool"));
  const db = drizzlePg(pool) as unknown as Database;
  const listener = postgresListener(databaseUrl, (error) => errors.report(error, "listener"));
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Two instances starting together must not both apply the same migration.
      const lock = await pool.connect();
      try {
        await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() });
      } finally {
        await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    schemaStatus: () => readSchemaStatus(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onNotify, onResumed) => listener.listen(channel, onNotify, onResumed),
    onError: errors.set,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** How long the listener waits before it tries to connect again: doubling from 1 s, at most 15 s. */
export const LISTENER_RETRY_MS = { first: 1000, most: 15_000 } as const;

interface ChannelListener {
  notify: (payload: string) => void;
  resumed?: () => void;
}

/**
 * LISTEN needs one dedicated connection (a pooled one would be handed to other queries). It is
 * opened on first use and, if it drops, reopened with every channel listened to again: tried until
 * the database answers (a restart can take a while), then each listener is told it has resumed.
 */
function postgresListener(databaseUrl: string, onError: (error: Error) => void) {
  const handlers = new Map<string, Set<ChannelListener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let lost = false;
  let retryIn: number = LISTENER_RETRY_MS.first;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const reconnectLater = () => {
    if (closed || handlers.size === 0) return;
    const wait = retryIn;
    retryIn = Math.min(retryIn * 2, LISTENER_RETRY_MS.most);
    setTimeout(() => void connect().catch(reconnectLater), wait).unref();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler.notify(message.payload ?? "");
      });
      next.on("error", (error) => {
        onError(error);
        next.end().catch(() => undefined);
        if (client !== next) return;
        client = null;
        lost = true;
        reconnectLater();
      });
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        onError(error as Error);
        next.end().catch(() => undefined);
        throw error;
      }
      client = next;
      retryIn = LISTENER_RETRY_MS.first;
      if (lost) {
        lost = false;
        for (const set of handlers.values()) for (const handler of set) handler.resumed?.();
      }
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async listen(
      channel: string,
      onNotify: (payload: string) => void,
      onResumed?: () => void,
    ): Promise<() => Promise<void>> {
      const first = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      const handler: ChannelListener = { notify: onNotify, resumed: onResumed };
      set.add(handler);
      handlers.set(channel, set);
      const connection = await connect();
      if (first) await connection.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(handler);
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
  const drizzleDb = drizzlePglite(client);
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
    schemaStatus: () => readSchemaStatus(db),
    poolStats: () => null,
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    // In-process: its errors surface on the query that meets them.
    onError: () => undefined,
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
