import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainOrderCreated, DomainOrderRequest, DomainOrderView } from "#contracts/domain-orders.ts";
import { OrderPaymentStarted } from "#contracts/orders.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { DomainOrderService } from "./domain-order-service.ts";

const TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, "Not a domain order link") });
const ORDER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };
const LOOKUP_RATE_LIMIT = { max: 120, timeWindow: "1 minute" };

/** The customer's side: placing an order, paying for it, and following it by its link. */
export const domainOrderRoutes: FastifyPluginAsyncZod<{ service: DomainOrderService }> = async (app, { service }) => {
  app.post(
    "/api/domains/orders",
    {
      config: { rateLimit: ORDER_RATE_LIMIT },
      schema: {
        body: DomainOrderRequest,
        response: {
          201: DomainOrderCreated,
          400: ApiErrorBody,
          409: ApiErrorBody,
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
    "/api/domains/orders/:token",
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: { params: TokenParams, response: { 200: DomainOrderView, 400: ApiErrorBody, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      // Personal details behind a secret link: no shared cache may keep them.
      reply.header("cache-control", "no-store");
      return service.customerView(request.params.token);
    },
  );

  app.post(
    "/api/domains/orders/:token/payment",
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
