import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Database, DatabaseHandle } from "../db/client.ts";

/**
 * A public read built from the database (a price list, a catalogue), kept in memory, ready
 * serialised, until what it is built from changes. The change is announced with NOTIFY in the
 * transaction that makes it (`notifyChange`); PostgreSQL delivers it on commit to every instance
 * that listens, this one included, so a staff price change reaches the next request everywhere, as
 * reading the database on every request did, without its cost.
 *
 * A notification can be missed while a dropped listening connection is reopened; `maxAgeMs` bounds
 * how long a copy can outlive such a gap. Until the instance listens, nothing is kept.
 */
export interface ChangeNotifiedCache<T> {
  /** The value and its JSON text (answers send the text as it is: no serialising per request). */
  get(): Promise<{ value: T; json: string }>;
  /**
   * Drops this instance's copy at once: called after the change has committed, so that the staff
   * member who made it sees it on their next request here, before the notification comes back.
   */
  forget(): void;
  /** Stops listening (the app's onClose). */
  close(): Promise<void>;
}

export function changeNotifiedCache<T>(options: {
  listen: DatabaseHandle["listen"];
  channel: string;
  build: () => Promise<T>;
  /** The route's response schema: a copy is checked (and stripped) once, when it is built. */
  schema: { parse(value: unknown): T };
  maxAgeMs?: number;
  now?: () => number;
}): ChangeNotifiedCache<T> {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  let kept: { value: T; json: string; at: number } | null = null;
  // A change seen while a copy was being built makes that copy old before it is kept.
  let generation = 0;
  let listening: Promise<(() => Promise<void>) | null> | null = null;

  const forget = () => {
    generation += 1;
    kept = null;
  };
  const startListening = () =>
    (listening ??= options
      .listen(options.channel, forget)
      // Without a listener, every call builds afresh: correct, only slower.
      .catch(() => null));

  return {
    async get() {
      const stop = await startListening();
      if (kept && now() - kept.at < maxAgeMs) return kept;
      const started = generation;
      const value = options.schema.parse(await options.build());
      const built = { value, json: JSON.stringify(value), at: now() };
      if (stop && started === generation) kept = built;
      return built;
    },
    forget,
    async close() {
      const stop = await listening;
      listening = null;
      kept = null;
      await stop?.();
    },
  };
}

/** Announces, on commit of `tx`, that what the caches on `channel` are built from has changed. */
export async function notifyChange(tx: Database, channel: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, '')`);
}

/**
 * Answers with a kept copy's JSON text as it is: it was checked against the route's response schema
 * when it was built, and the schema still documents the route (OpenAPI); only the per-request
 * checking and serialising go.
 */
export function sendKept(reply: FastifyReply, kept: { json: string }): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(kept.json);
}
