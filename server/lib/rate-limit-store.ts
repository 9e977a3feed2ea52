import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { RateLimiter } from "./rate-limiter.ts";

/** Adapts a shared RateLimiter to @fastify/rate-limit's store interface; one key space per route. */
export function rateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = "global:") {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limiter.hit(this.prefix + key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // At run time @fastify/rate-limit passes the merged limit options with the route under
    // routeInfo (its types say otherwise); reading method/url off the top level gave every
    // route the same "undefined:undefined:" counter.
    child(routeOptions: { method: string | string[]; url: string }) {
      const route =
        (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? routeOptions;
      const method = Array.isArray(route.method) ? route.method.join(",") : route.method;
      return new SharedStore(`${method}:${route.url}:`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
