import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorBody } from "../../../contracts/errors.ts";
import { AddVpsNote, UpdateVpsPrice, VpsOrderDetail, VpsOrderEvent, VpsOrderListQuery, VpsOrderPage, VpsPriceItem, VpsRenewal, VpsTransitionRequest } from "../../../contracts/vps.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { currentStaff } from "../admin/admin-guard.ts";
import type { VpsService } from "./vps-service.ts";

const IdParams = z.object({ id: z.uuid("Not a valid order id") });
// Orders carry customers' servers and money: admins only.
const adminOnly = { access: { roles: ["admin"] as "admin"[] } };
const actorOf = (request: Parameters<typeof currentStaff>[0]) => {
  const { user } = currentStaff(request);
  return { id: user.id, username: user.username };
};

export const vpsAdminRoutes: FastifyPluginAsyncZod<{ service: VpsService }> = async (app, { service }) => {
  app.get("/api/admin/vps/orders", { config: adminOnly, schema: { querystring: VpsOrderListQuery, response: { 200: VpsOrderPage } } }, async (request) =>
    service.list(request.query),
  );

  app.get("/api/admin/vps/orders/:id", { config: adminOnly, schema: { params: IdParams, response: { 200: VpsOrderDetail, 404: ApiErrorBody } } }, async (request) => {
    const detail = await service.detail(request.params.id);
    if (!detail) throw new AppError("not_found", serverT("adminOrderNotFound", { ns: "vps" }), 404);
    return detail;
  });

  app.post(
    "/api/admin/vps/orders/:id/transition",
    { config: adminOnly, schema: { params: IdParams, body: VpsTransitionRequest, response: { 200: VpsOrderDetail, 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody } } },
    async (request) => service.transition(request.params.id, request.body, actorOf(request), request.ip),
  );

  app.post(
    "/api/admin/vps/orders/:id/notes",
    { config: adminOnly, schema: { params: IdParams, body: AddVpsNote, response: { 201: VpsOrderEvent, 404: ApiErrorBody } } },
    async (request, reply) => {
      const note = await service.addNote(request.params.id, request.body.body, actorOf(request), request.ip);
      if (!note) throw new AppError("not_found", serverT("adminOrderNotFound", { ns: "vps" }), 404);
      return reply.status(201).send(note);
    },
  );

  app.get("/api/admin/vps/renewals", { config: adminOnly, schema: { response: { 200: z.object({ items: z.array(VpsRenewal) }) } } }, async () => ({
    items: await service.renewals(),
  }));

  app.get("/api/admin/vps/prices", { config: adminOnly, schema: { response: { 200: z.object({ items: z.array(VpsPriceItem) }) } } }, async () => ({
    items: await service.prices(),
  }));

  app.put(
    "/api/admin/vps/prices/:itemId",
    { config: adminOnly, schema: { params: z.object({ itemId: z.string().max(60) }), body: UpdateVpsPrice, response: { 200: z.object({ items: z.array(VpsPriceItem) }), 400: ApiErrorBody, 404: ApiErrorBody } } },
    async (request) => ({ items: await service.updatePrice(request.params.itemId, request.body, actorOf(request), request.ip) }),
  );
};
