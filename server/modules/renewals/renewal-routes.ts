import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import {
  AccountRenewals,
  RenewalCreated,
  RenewalRequest,
  StaffRenewal,
  StaffRenewalListQuery,
  StaffRenewalPage,
} from "#contracts/renewals.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
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

const IdParams = z.object({ id: z.uuid("Not a valid renewal id") });
// Renewals carry customers' money: admins only, like the orders they renew.
const adminOnly = { access: { roles: ["admin"] as "admin"[] } };

/** Staff: every renewal, those waiting on a person first in mind, and the refund of a failed one. */
export const renewalAdminRoutes: FastifyPluginAsyncZod<{ service: RenewalService }> = async (app, { service }) => {
  app.get(
    "/api/admin/renewals",
    { config: adminOnly, schema: { querystring: StaffRenewalListQuery, response: { 200: StaffRenewalPage } } },
    async (request) => service.listForStaff(request.query),
  );

  app.post(
    "/api/admin/renewals/:id/refund",
    {
      config: adminOnly,
      schema: { params: IdParams, response: { 200: StaffRenewal, 404: ApiErrorBody, 409: ApiErrorBody } },
    },
    async (request) => {
      const { user } = currentStaff(request);
      return service.approveRefund(request.params.id, { id: user.id, username: user.username }, request.ip);
    },
  );
};
