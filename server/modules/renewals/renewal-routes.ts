import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import { AccountRenewals, RenewalCreated, RenewalRequest } from "#contracts/renewals.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import type { RenewalService } from "./renewal-service.ts";

export interface RenewalRoutesOptions {
  service: RenewalService;
  /** The signed-in customer's email, or a 401 (the account capability's session). */
  emailOf: (request: FastifyRequest) => Promise<string>;
}

/** Under /api/account: the customer's session cookie is sent to this path only. */
export const renewalRoutes: FastifyPluginAsyncZod<RenewalRoutesOptions> = async (app, { service, emailOf }) => {
  app.get(
    "/api/account/renewals",
    { schema: { response: { 200: AccountRenewals, 401: ApiErrorBody } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.forAccount(await emailOf(request));
    },
  );

  app.post(
    "/api/account/renewals",
    {
      schema: {
        body: RenewalRequest,
        response: { 201: RenewalCreated, 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const email = await emailOf(request);
      const created = await service.create(email, request.body, {
        ipAddress: request.ip,
        language: currentLanguage(),
      });
      return reply.status(201).send(created);
    },
  );
};
