import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import { OrderPaymentStarted } from "#contracts/orders.ts";
import { VpsCatalog, VpsOrderCreated, VpsOrderRequest, VpsOrderView } from "#contracts/vps.ts";
import type { VpsService } from "./vps-service.ts";

const TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, "Not a VPS order link") });
const ORDER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };
const LOOKUP_RATE_LIMIT = { max: 120, timeWindow: "1 minute" };

/** The public side: the catalogue, placing an order, paying for it and following it by its link. */
export const vpsRoutes: FastifyPluginAsyncZod<{ service: VpsService }> = async (app, { service }) => {
  app.get("/api/vps/catalog", { schema: { response: { 200: VpsCatalog } } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return service.catalog();
  });

  app.post(
    "/api/vps/orders",
    {
      config: { rateLimit: ORDER_RATE_LIMIT },
      schema: {
        body: VpsOrderRequest,
        response: {
          201: VpsOrderCreated,
          400: ApiErrorBody,
          422: ApiErrorBody,
          429: ApiErrorBody,
          502: ApiErrorBody,
          503: ApiErrorBody,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createOrder(request.body, { ipAddress: request.ip })),
  );

  app.get(
    "/api/vps/orders/:token",
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: { params: TokenParams, response: { 200: VpsOrderView, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      // Login details may be in this answer: no cache anywhere may keep it.
      reply.header("cache-control", "no-store");
      return service.customerView(request.params.token);
    },
  );

  app.post(
    "/api/vps/orders/:token/payment",
    {
      config: { rateLimit: ORDER_RATE_LIMIT },
      schema: {
        params: TokenParams,
        response: { 200: OrderPaymentStarted, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => service.payAgain(request.params.token, { ipAddress: request.ip }),
  );
};
