import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
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
} from "#contracts/domain-orders-admin.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import { actorOf, adminOnly, OrderIdParams, staffOnly, staffOrderRoutes } from "../../lib/order-routes.ts";
import type { DomainOrderService } from "./domain-order-service.ts";
import type { DomainPriceService } from "./domain-price-service.ts";
import type { EppRegistries } from "./epp-registries.ts";

// Orders carry customers' money and personal details; prices are the business's: admins only.
export const domainAdminRoutes: FastifyPluginAsyncZod<{
  service: DomainOrderService;
  pricing: DomainPriceService;
  registries: EppRegistries;
  /** Told after a price or rate change has committed (the public price list's copy on this instance). */
  pricesChanged: () => void;
}> = async (app, { service, pricing, registries, pricesChanged }) => {
  // The list, one order, a move of its state, a retry of a registration, a refund, a note.
  staffOrderRoutes(app, {
    path: "/api/admin/domains/orders",
    ns: "domains",
    schemas: {
      listQuery: DomainOrderListQuery,
      page: DomainOrderPage,
      detail: DomainOrderDetail,
      transition: DomainTransitionRequest,
      event: DomainOrderEvent,
    },
    service,
  });

  // The dashboard's registry panel: every signed-in staff member sees whether registrations can go through.
  app.get(
    "/api/admin/domains/registries",
    { config: staffOnly, schema: { response: { 200: RegistryHealthList } } },
    async () => ({ registries: await registries.health() }),
  );

  app.post(
    "/api/admin/domains/orders/:id/renewal",
    {
      config: adminOnly,
      schema: {
        params: OrderIdParams,
        body: RecordDomainRenewal,
        response: { 200: DomainOrderDetail, 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => service.recordRenewal(request.params.id, request.body, actorOf(request), request.ip),
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
    async (request) => {
      const sheet = await pricing.updateTld(request.params.tld, request.body, actorOf(request), request.ip);
      pricesChanged();
      return sheet;
    },
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
    async (request) => {
      const sheet = await pricing.updateRate(request.params.code, request.body.perUsd, actorOf(request), request.ip);
      pricesChanged();
      return sheet;
    },
  );
};
