import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DomainOrderCreated, DomainOrderRequest, DomainOrderView } from "#contracts/domain-orders.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import { customerOrderRoutes } from "../../lib/order-routes.ts";
import type { DomainOrderService } from "./domain-order-service.ts";

/** The customer's side: placing an order, paying for it, and following it by its link. */
export const domainOrderRoutes: FastifyPluginAsyncZod<{ service: DomainOrderService }> = async (app, { service }) => {
  customerOrderRoutes(app, {
    path: "/api/domains/orders",
    badLink: "Not a domain order link",
    schemas: { request: DomainOrderRequest, created: DomainOrderCreated, view: DomainOrderView },
    // The registry's last word may refuse an order (409); a malformed link is a 400.
    errors: { create: { 409: ApiErrorBody }, view: { 400: ApiErrorBody } },
    service,
  });
};
