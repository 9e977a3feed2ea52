import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import {
  DeleteVpsServer,
  UpdateVpsPrice,
  VpsOrderDetail,
  VpsOrderEvent,
  VpsOrderListQuery,
  VpsOrderPage,
  VpsPriceItem,
  VpsClusterHealth,
  VpsRenewal,
  VpsServerToDelete,
  VpsTransitionRequest,
} from "#contracts/vps-admin.ts";
import { actorOf, adminOnly, OrderIdParams, staffOnly, staffOrderRoutes } from "../../lib/order-routes.ts";
import type { VpsService } from "./vps-service.ts";

export const vpsAdminRoutes: FastifyPluginAsyncZod<{
  service: VpsService;
  /** Told after a price change has committed (the public catalogue's copy on this instance). */
  pricesChanged: () => void;
}> = async (app, { service, pricesChanged }) => {
  // The list, one order, a move of its state, a retry of a build or server action, a refund, a note.
  staffOrderRoutes(app, {
    path: "/api/admin/vps/orders",
    ns: "vps",
    schemas: {
      listQuery: VpsOrderListQuery,
      page: VpsOrderPage,
      detail: VpsOrderDetail,
      transition: VpsTransitionRequest,
      event: VpsOrderEvent,
    },
    service,
  });

  // The dashboard's cluster panel: every signed-in staff member sees whether servers can be built
  // (hosts and nodes, never the token), as with the registries.
  app.get(
    "/api/admin/vps/clusters",
    { config: staffOnly, schema: { response: { 200: z.object({ items: z.array(VpsClusterHealth) }) } } },
    async () => ({ items: await service.clusterHealth() }),
  );

  app.get(
    "/api/admin/vps/servers-to-delete",
    { config: adminOnly, schema: { response: { 200: z.object({ items: z.array(VpsServerToDelete) }) } } },
    async () => ({ items: await service.serversToDelete() }),
  );

  // Staff confirm a deletion by typing the order's reference; the provisioner (or staff) deletes it.
  app.post(
    "/api/admin/vps/orders/:id/delete-server",
    {
      config: adminOnly,
      schema: {
        params: OrderIdParams,
        body: DeleteVpsServer,
        response: { 200: VpsOrderDetail, 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => service.destroyServer(request.params.id, request.body, actorOf(request), request.ip),
  );

  app.get(
    "/api/admin/vps/renewals",
    { config: adminOnly, schema: { response: { 200: z.object({ items: z.array(VpsRenewal) }) } } },
    async () => ({
      items: await service.renewals(),
    }),
  );

  app.get(
    "/api/admin/vps/prices",
    { config: adminOnly, schema: { response: { 200: z.object({ items: z.array(VpsPriceItem) }) } } },
    async () => ({
      items: await service.prices(),
    }),
  );

  app.put(
    "/api/admin/vps/prices/:itemId",
    {
      config: adminOnly,
      schema: {
        params: z.object({ itemId: z.string().max(60) }),
        body: UpdateVpsPrice,
        response: { 200: z.object({ items: z.array(VpsPriceItem) }), 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const items = await service.updatePrice(request.params.itemId, request.body, actorOf(request), request.ip);
      pricesChanged();
      return { items };
    },
  );
};
