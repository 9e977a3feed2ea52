import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { RateLimiter } from "./rate-limiter.ts";

/** Adapts a shared RateLimiter to @fastify/rate-limit's store interface; one key space per route. */
export function rateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = "global:") {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      limiter.hit(this.prefix + key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { method: string | string[]; url: string }) {
      const method = Array.isArray(routeOptions.method) ? routeOptions.method.join(",") : routeOptions.method;
      return new SharedStore(`${method}:${routeOptions.url}:`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
