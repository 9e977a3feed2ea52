import type { Redis } from "ioredis";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { queryRows } from "../db/query.ts";

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

/**
 * Fixed-window counters kept outside the process (PostgreSQL or Redis), so every instance
 * behind a load balancer sees the same counts.
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** The current count without counting (0 when the key has no live window). */
  peek(key: string): Promise<RateLimitHit>;
  /** Takes one hit back (an attempt that turned out not to count), never below zero. */
  release(key: string): Promise<void>;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  /** Removes expired counters. */
  sweep(): Promise<void>;
}

export function databaseRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, windowMs) {
      // One atomic upsert: the database's clock decides the window for every instance.
      const rows = await queryRows<{ count: string | number; ttl_ms: string | number }>(
        db,
        sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now()
            then now() + make_interval(secs => ${windowMs / 1000}) else rate_limits.reset_at end
        returning count, ceil(extract(epoch from (reset_at - now())) * 1000) as ttl_ms`,
      );
      const row = rows[0];
      if (!row) throw new Error("rate limit upsert returned no row");
      return { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) };
    },
    async peek(key) {
      const rows = await queryRows<{ count: string | number; ttl_ms: string | number }>(
        db,
        sql`
        select count, ceil(extract(epoch from (reset_at - now())) * 1000) as ttl_ms
        from rate_limits where key = ${key} and reset_at > now()`,
      );
      const row = rows[0];
      return row ? { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) } : { count: 0, ttlMs: 0 };
    },
    async release(key) {
      await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async sweep() {
      await db.execute(sql`delete from rate_limits where reset_at < now()`);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = "rl:"): RateLimiter {
  return {
    async hit(key, windowMs) {
      const fullKey = prefix + key;
      const replies = await redis.multi().incr(fullKey).pexpire(fullKey, windowMs, "NX").pttl(fullKey).exec();
      if (!replies) throw new Error("redis transaction aborted");
      const [incr, , pttl] = replies;
      if (incr?.[0]) throw incr[0];
      return { count: Number(incr?.[1]), ttlMs: Math.max(0, Number(pttl?.[1])) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return count === null ? { count: 0, ttlMs: 0 } : { count: Number(count), ttlMs: Math.max(0, ttl) };
    },
    async release(key) {
      // Atomic: never brings back a key that expired meanwhile, never goes below zero.
      await redis.eval(
        "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then redis.call('decr', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async sweep() {
      // Redis expires keys itself.
    },
  };
}
