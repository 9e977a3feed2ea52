import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { rateLimited } from "./errors.ts";

/**
 * A limit per sender (the email address a form gives, or the payer's mobile-money number) for a
 * route's `preHandler`, so it counts only what passed validation: a refused form costs its sender
 * nothing (decision 0038). The route keeps a looser per-address limit in `config.rateLimit`;
 * @fastify/rate-limit runs one limiting hook per request, so this one is a check of its own. The
 * sender is trimmed, lower-cased and hashed: the limiter's store is shared by every instance and is
 * not a record of who wrote or paid.
 */
export function senderLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
  senderOf: (request: FastifyRequest) => string,
): (request: FastifyRequest) => Promise<void> {
  const count = app.createRateLimit({
    ...limit,
    keyGenerator: (request) =>
      `${name}-sender:${createHash("sha256").update(senderOf(request).trim().toLowerCase()).digest("base64url")}`,
  });
  return async (request) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) throw rateLimited(counted.ttl);
  };
}
