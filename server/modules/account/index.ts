// The customer account's public entry: sign-in by emailed link, and what belongs to an address,
// composed from each capability's own function; and the data-protection rights (export, deletion
// request, staff search and erasure) over the same composition.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import { accountRoutes, customerEmail } from "./account-routes.ts";
import { accountService } from "./account-service.ts";
import { dataRightsRoutes } from "./data-rights-routes.ts";

export { overviewOf } from "./account-service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** For other capabilities' routes under /api/account: the signed-in customer's email, or a 401. */
    customerAccount: { emailOf(request: FastifyRequest): Promise<string> };
  }
}

export async function registerAccount(
  app: FastifyInstance,
  deps: {
    db: Database;
    limiter: RateLimiter;
    publicUrl: string;
    clock: () => Date;
    notifyTo: string;
    onQueued: () => void;
  },
): Promise<void> {
  const service = accountService(deps);
  app.decorate("customerAccount", { emailOf: (request: FastifyRequest) => customerEmail(service, request) });
  await app.register(accountRoutes, { service, limiter: deps.limiter });
  await app.register(dataRightsRoutes, { db: deps.db, clock: deps.clock });
}
