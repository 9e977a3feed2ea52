/**
 * A token bucket per registry server. Registries limit per source IP, so a bucket per process (one
 * IP per instance) is what they see; it is kept in memory on purpose. A host that answered 429 is
 * paused for its Retry-After.
 */
export interface ServerLimiter {
  /** Waits for a token up to `maxWaitMs`; false when none came (the caller answers "unknown"). */
  acquire(host: string, maxWaitMs: number): Promise<boolean>;
  pause(host: string, ms: number): void;
}

export function serverLimiter(options: { perSecond: number; burst: number; now?: () => number }): ServerLimiter {
  const now = options.now ?? Date.now;
  const buckets = new Map<string, { tokens: number; updatedAt: number; pausedUntil: number }>();

  function bucket(host: string) {
    let b = buckets.get(host);
    if (!b) {
      b = { tokens: options.burst, updatedAt: now(), pausedUntil: 0 };
      buckets.set(host, b);
    }
    const t = now();
    b.tokens = Math.min(options.burst, b.tokens + ((t - b.updatedAt) / 1000) * options.perSecond);
    b.updatedAt = t;
    return b;
  }

  return {
    async acquire(host, maxWaitMs) {
      const deadline = now() + maxWaitMs;
      for (;;) {
        const b = bucket(host);
        const t = now();
        if (b.pausedUntil > t) {
          if (b.pausedUntil > deadline) return false;
          await sleep(b.pausedUntil - t);
          continue;
        }
        if (b.tokens >= 1) {
          b.tokens -= 1;
          return true;
        }
        const wait = ((1 - b.tokens) / options.perSecond) * 1000;
        if (t + wait > deadline) return false;
        await sleep(Math.max(1, wait));
      }
    },
    pause(host, ms) {
      const b = bucket(host);
      b.pausedUntil = Math.max(b.pausedUntil, now() + ms);
      b.tokens = 0;
    },
  };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
