import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import {
  AddVpsNote,
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
} from "#contracts/vps.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import type { VpsService } from "./vps-service.ts";

const IdParams = z.object({ id: z.uuid("Not a valid order id") });
// Orders carry customers' servers and money: admins only.
const adminOnly = { access: { roles: ["admin"] as "admin"[] } };
const actorOf = (request: Parameters<typeof currentStaff>[0]) => {
  const { user } = currentStaff(request);
  return { id: user.id, username: user.username };
};

export const vpsAdminRoutes: FastifyPluginAsyncZod<{ service: VpsService }> = async (app, { service }) => {
  app.get(
    "/api/admin/vps/orders",
    { config: adminOnly, schema: { querystring: VpsOrderListQuery, response: { 200: VpsOrderPage } } },
    async (request) => service.list(request.query),
  );

  app.get(
    "/api/admin/vps/orders/:id",
    { config: adminOnly, schema: { params: IdParams, response: { 200: VpsOrderDetail, 404: ApiErrorBody } } },
    async (request) => {
      const detail = await service.detail(request.params.id);
      if (!detail) throw new AppError("not_found", serverT("adminOrderNotFound", { ns: "vps" }), 404);
      return detail;
    },
  );

  app.post(
    "/api/admin/vps/orders/:id/transition",
    {
      config: adminOnly,
      schema: {
        params: IdParams,
        body: VpsTransitionRequest,
        response: { 200: VpsOrderDetail, 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => service.transition(request.params.id, request.body, actorOf(request), request.ip),
  );

  // Runs again the operation whose last step failed (or was handed to staff): a build, a stop, a start, a deletion.
  app.post(
    "/api/admin/vps/orders/:id/retry",
    {
      config: adminOnly,
      schema: { params: IdParams, response: { 200: VpsOrderDetail, 404: ApiErrorBody, 409: ApiErrorBody } },
    },
    async (request) => service.retry(request.params.id, actorOf(request), request.ip),
  );

  // Staff approve the refund of a failed order; the payment provider sends it.
  app.post(
    "/api/admin/vps/orders/:id/refund",
    {
      config: adminOnly,
      schema: { params: IdParams, response: { 200: VpsOrderDetail, 404: ApiErrorBody, 409: ApiErrorBody } },
    },
    async (request) => service.approveRefund(request.params.id, actorOf(request), request.ip),
  );

  // The dashboard's cluster panel: every signed-in staff member sees whether servers can be built
  // (hosts and nodes, never the token), as with the registries.
  app.get(
    "/api/admin/vps/clusters",
    {
      config: { access: { roles: ["admin", "agent"] as ("admin" | "agent")[] } },
      schema: { response: { 200: z.object({ items: z.array(VpsClusterHealth) }) } },
    },
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
        params: IdParams,
        body: DeleteVpsServer,
        response: { 200: VpsOrderDetail, 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => service.destroyServer(request.params.id, request.body, actorOf(request), request.ip),
  );

  app.post(
    "/api/admin/vps/orders/:id/notes",
    {
      config: adminOnly,
      schema: { params: IdParams, body: AddVpsNote, response: { 201: VpsOrderEvent, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      const note = await service.addNote(request.params.id, request.body.body, actorOf(request), request.ip);
      if (!note) throw new AppError("not_found", serverT("adminOrderNotFound", { ns: "vps" }), 404);
      return reply.status(201).send(note);
    },
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
    async (request) => ({
      items: await service.updatePrice(request.params.itemId, request.body, actorOf(request), request.ip),
    }),
  );
};
