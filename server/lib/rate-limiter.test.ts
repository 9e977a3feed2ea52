import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../tests/support/databases.ts";
import { databaseRateLimiter, redisRateLimiter, type RateLimiter } from "./rate-limiter.ts";

interface LimiterBackend {
  name: string;
  open(): Promise<{ limiter: RateLimiter; close: () => Promise<void> }>;
}

const backends: LimiterBackend[] = databaseBackends().map((backend) => ({
  name: `database (${backend.name})`,
  async open() {
    const { database, cleanup } = await backend.open();
    return { limiter: databaseRateLimiter(database.db), close: cleanup };
  },
}));
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  backends.push({
    name: "redis",
    async open() {
      const redis = new Redis(redisUrl);
      return { limiter: redisRateLimiter(redis, `test:${randomUUID()}:`), close: async () => void redis.disconnect() };
    },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)("rate limiter on $name", (backend) => {
  let limiter: RateLimiter;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ limiter, close } = await backend.open());
  });
  afterAll(() => close());

  it("counts hits per key within a window and reports the time left", async () => {
    const first = await limiter.hit("ip:1", 60_000);
    const second = await limiter.hit("ip:1", 60_000);
    const other = await limiter.hit("ip:2", 60_000);
    expect([first.count, second.count, other.count]).toEqual([1, 2, 1]);
    expect(second.ttlMs).toBeGreaterThan(55_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
  });

  it("starts a new window once the old one has passed", async () => {
    await limiter.hit("short", 300);
    expect((await limiter.hit("short", 300)).count).toBe(2);
    await sleep(450);
    expect((await limiter.hit("short", 300)).count).toBe(1);
  });

  it("counts concurrent hits exactly", async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => limiter.hit("burst", 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("peeks at a count without adding to it", async () => {
    expect(await limiter.peek("peek:none")).toEqual({ count: 0, ttlMs: 0 });
    await limiter.hit("peek:one", 60_000);
    const seen = await limiter.peek("peek:one");
    expect(seen.count).toBe(1);
    expect(seen.ttlMs).toBeGreaterThan(0);
    expect((await limiter.peek("peek:one")).count).toBe(1);
  });

  it("forgets a key on reset", async () => {
    await limiter.hit("user:ann", 60_000);
    await limiter.reset("user:ann");
    expect((await limiter.hit("user:ann", 60_000)).count).toBe(1);
  });

  it("takes one hit back on release, atomically and never below zero", async () => {
    await Promise.all(Array.from({ length: 10 }, () => limiter.hit("release", 60_000)));
    await Promise.all(Array.from({ length: 4 }, () => limiter.release("release")));
    expect((await limiter.peek("release")).count).toBe(6);
    await Promise.all(Array.from({ length: 10 }, () => limiter.release("release")));
    expect((await limiter.peek("release")).count).toBe(0);
    await limiter.release("release:none");
    expect(await limiter.peek("release:none")).toEqual({ count: 0, ttlMs: 0 });
  });
});
