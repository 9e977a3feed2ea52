import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AddDomainNote,
  DomainOrderDetail,
  DomainOrderEvent,
  DomainOrderListQuery,
  DomainOrderPage,
  DomainPriceSheet,
  DomainTransitionRequest,
  RecordDomainRenewal,
  RegistryHealthList,
  UpdateDomainRate,
  UpdateTldPrice,
} from "#contracts/domain-orders.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import type { DomainOrderService } from "./domain-order-service.ts";
import type { DomainPriceService } from "./domain-price-service.ts";
import type { EppRegistries } from "./epp-registries.ts";

const IdParams = z.object({ id: z.uuid("Not a valid order id") });
// Orders carry customers' money and personal details; prices are the business's: admins only.
const adminOnly = { access: { roles: ["admin"] as "admin"[] } };
const actorOf = (request: Parameters<typeof currentStaff>[0]) => {
  const { user } = currentStaff(request);
  return { id: user.id, username: user.username };
};
const notFound = () => new AppError("not_found", serverT("adminOrderNotFound", { ns: "domains" }), 404);

export const domainAdminRoutes: FastifyPluginAsyncZod<{
  service: DomainOrderService;
  pricing: DomainPriceService;
  registries: EppRegistries;
}> = async (app, { service, pricing, registries }) => {
  app.post(
    "/api/admin/domains/orders/:id/retry",
    {
      config: adminOnly,
      schema: { params: IdParams, response: { 200: DomainOrderDetail, 404: ApiErrorBody, 409: ApiErrorBody } },
    },
    async (request) => service.retry(request.params.id, actorOf(request), request.ip),
  );

  // Staff approve the refund of an order that waits for one; the payment provider sends it.
  app.post(
    "/api/admin/domains/orders/:id/refund",
    {
      config: adminOnly,
      schema: { params: IdParams, response: { 200: DomainOrderDetail, 404: ApiErrorBody, 409: ApiErrorBody } },
    },
    async (request) => service.approveRefund(request.params.id, actorOf(request), request.ip),
  );

  // The dashboard's registry panel: every signed-in staff member sees whether registrations can go through.
  app.get(
    "/api/admin/domains/registries",
    {
      config: { access: { roles: ["admin", "agent"] as ("admin" | "agent")[] } },
      schema: { response: { 200: RegistryHealthList } },
    },
    async () => ({ registries: await registries.health() }),
  );

  app.get(
    "/api/admin/domains/orders",
    { config: adminOnly, schema: { querystring: DomainOrderListQuery, response: { 200: DomainOrderPage } } },
    async (request) => service.list(request.query),
  );

  app.get(
    "/api/admin/domains/orders/:id",
    { config: adminOnly, schema: { params: IdParams, response: { 200: DomainOrderDetail, 404: ApiErrorBody } } },
    async (request) => {
      const detail = await service.detail(request.params.id);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.post(
    "/api/admin/domains/orders/:id/transition",
    {
      config: adminOnly,
      schema: {
        params: IdParams,
        body: DomainTransitionRequest,
        response: { 200: DomainOrderDetail, 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => service.transition(request.params.id, request.body, actorOf(request), request.ip),
  );

  app.post(
    "/api/admin/domains/orders/:id/renewal",
    {
      config: adminOnly,
      schema: {
        params: IdParams,
        body: RecordDomainRenewal,
        response: { 200: DomainOrderDetail, 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => service.recordRenewal(request.params.id, request.body, actorOf(request), request.ip),
  );

  app.post(
    "/api/admin/domains/orders/:id/notes",
    {
      config: adminOnly,
      schema: { params: IdParams, body: AddDomainNote, response: { 201: DomainOrderEvent, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      const note = await service.addNote(request.params.id, request.body.body, actorOf(request), request.ip);
      if (!note) throw notFound();
      return reply.status(201).send(note);
    },
  );

  app.get(
    "/api/admin/domains/prices",
    { config: adminOnly, schema: { response: { 200: DomainPriceSheet } } },
    async () => pricing.sheet(),
  );

  app.put(
    "/api/admin/domains/prices/:tld",
    {
      config: adminOnly,
      schema: {
        params: z.object({ tld: z.string().max(40) }),
        body: UpdateTldPrice,
        response: { 200: DomainPriceSheet, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => pricing.updateTld(request.params.tld, request.body, actorOf(request), request.ip),
  );

  app.put(
    "/api/admin/domains/rates/:code",
    {
      config: adminOnly,
      schema: {
        params: z.object({ code: z.string().max(8) }),
        body: UpdateDomainRate,
        response: { 200: DomainPriceSheet, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => pricing.updateRate(request.params.code, request.body.perUsd, actorOf(request), request.ip),
  );
};
