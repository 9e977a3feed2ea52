import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../tests/support/databases.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { changeNotifiedCache, notifyChange } from "./change-notified-cache.ts";

const Prices = z.object({ price: z.number() });

describe.each(databaseBackends())("a copy kept until a change is announced, on $name", (backend) => {
  let database: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
  });
  afterAll(() => cleanup());

  /** A cache over a counter, and a promise for each notification it has been told of. */
  function counted(channel: string, options: { maxAgeMs?: number; now?: () => number } = {}) {
    let builds = 0;
    let delivered: () => void = () => undefined;
    const cache = changeNotifiedCache({
      listen: (name, onNotify) =>
        database.listen(name, (payload) => {
          onNotify(payload);
          delivered();
        }),
      channel,
      schema: Prices,
      build: async () => {
        builds += 1;
        return { price: builds * 100 };
      },
      ...options,
    });
    const nextNotification = () => new Promise<void>((resolve) => (delivered = resolve));
    return { cache, builds: () => builds, nextNotification };
  }

  it("builds once, then answers from the copy, as JSON text ready to send", async () => {
    const { cache, builds } = counted("prices_a");
    const first = await cache.get();
    const second = await cache.get();
    expect(first).toBe(second);
    expect(first.json).toBe('{"price":100}');
    expect(builds()).toBe(1);
    await cache.close();
  });

  it("builds again after a change committed elsewhere is announced", async () => {
    const { cache, builds, nextNotification } = counted("prices_b");
    expect((await cache.get()).value).toEqual({ price: 100 });
    const heard = nextNotification();
    await database.db.transaction(async (tx) => {
      await notifyChange(tx, "prices_b");
    });
    await heard;
    expect((await cache.get()).value).toEqual({ price: 200 });
    expect(builds()).toBe(2);
    await cache.close();
  });

  it("keeps its copy when the transaction that announced a change rolls back", async () => {
    const { cache, builds, nextNotification } = counted("prices_c");
    await cache.get();
    await expect(
      database.db.transaction(async (tx) => {
        await notifyChange(tx, "prices_c");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    // A committed announcement on the channel after it: the rolled-back one, had it been sent, came first.
    const heard = nextNotification();
    await database.db.transaction((tx) => notifyChange(tx, "prices_c"));
    await heard;
    await cache.get();
    expect(builds()).toBe(2);
    await cache.close();
  });

  it("does not keep a copy whose building saw a change announced", async () => {
    let release: () => void = () => undefined;
    let builds = 0;
    const cache = changeNotifiedCache({
      listen: (name, onNotify) => database.listen(name, onNotify),
      channel: "prices_d",
      schema: Prices,
      build: async () => {
        builds += 1;
        if (builds === 1) await new Promise<void>((resolve) => (release = resolve));
        return { price: builds };
      },
    });
    const building = cache.get();
    await expect.poll(() => builds).toBe(1);
    cache.forget(); // what a notification does, while the first copy is still being built
    release();
    expect((await building).value).toEqual({ price: 1 });
    expect((await cache.get()).value).toEqual({ price: 2 });
    await cache.close();
  });

  it("keeps nothing when it cannot listen, and nothing older than its maximum age", async () => {
    let builds = 0;
    const deaf = changeNotifiedCache({
      listen: () => Promise.reject(new Error("no listener")),
      channel: "prices_e",
      schema: Prices,
      build: async () => ({ price: ++builds }),
    });
    await deaf.get();
    await deaf.get();
    expect(builds).toBe(2);

    let now = 1_000;
    const { cache, builds: aged } = counted("prices_f", { maxAgeMs: 60_000, now: () => now });
    await cache.get();
    now += 59_999;
    await cache.get();
    expect(aged()).toBe(1);
    now += 1;
    await cache.get();
    expect(aged()).toBe(2);
    await cache.close();
  });

  it("checks a copy against its schema when it is built", async () => {
    const cache = changeNotifiedCache({
      listen: (name, onNotify) => database.listen(name, onNotify),
      channel: "prices_g",
      schema: Prices,
      build: async () => ({ price: "free" }) as unknown as { price: number },
    });
    await expect(cache.get()).rejects.toThrow();
    await cache.close();
  });
});
