import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VpsCatalog, VpsOrderCreated, VpsOrderRequest, VpsOrderView } from "#contracts/vps.ts";
import { customerOrderRoutes } from "../../lib/order-routes.ts";
import type { VpsService } from "./vps-service.ts";

/** The public side: the catalogue, placing an order, paying for it and following it by its link. */
export const vpsRoutes: FastifyPluginAsyncZod<{ service: VpsService }> = async (app, { service }) => {
  app.get("/api/vps/catalog", { schema: { response: { 200: VpsCatalog } } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return service.catalog();
  });

  customerOrderRoutes(app, {
    path: "/api/vps/orders",
    badLink: "Not a VPS order link",
    schemas: { request: VpsOrderRequest, created: VpsOrderCreated, view: VpsOrderView },
    errors: { create: {}, view: {} },
    service,
  });
};
