import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VpsCatalog, VpsOrderCreated, VpsOrderRequest, VpsOrderView } from "#contracts/vps.ts";
import { type ChangeNotifiedCache, sendKept } from "../../lib/change-notified-cache.ts";
import { customerOrderRoutes } from "../../lib/order-routes.ts";
import type { VpsService } from "./vps-service.ts";

/** The public side: the catalogue, placing an order, paying for it and following it by its link. */
export const vpsRoutes: FastifyPluginAsyncZod<{
  service: VpsService;
  /** The catalogue, kept until staff change a price (vps-catalog.ts). */
  catalog: ChangeNotifiedCache<VpsCatalog>;
}> = async (app, { service, catalog }) => {
  app.get("/api/vps/catalog", { schema: { response: { 200: VpsCatalog } } }, async (_request, reply) =>
    sendKept(reply.header("cache-control", "public, max-age=60"), await catalog.get()),
  );

  customerOrderRoutes(app, {
    path: "/api/vps/orders",
    badLink: "Not a VPS order link",
    schemas: { request: VpsOrderRequest, created: VpsOrderCreated, view: VpsOrderView },
    errors: { create: {}, view: {} },
    service,
  });
};
