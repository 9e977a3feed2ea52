import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiErrorBody } from "#contracts/errors.ts";
import { AddOrderNote, OrderPaymentStarted } from "#contracts/orders.ts";
import { currentStaff } from "./admin-guard.ts";
import type { AuditActor } from "./audit.ts";
import { AppError } from "./errors.ts";
import { serverT, type ServerNamespace } from "./i18n.ts";

/** The routes every order kind (VPS, domains) has, for its customer and for staff: one shape, each kind's schemas. */

type Schema = z.ZodType;
/*
 * Each route says, in its type arguments, what its schemas let through (`z.output` of each): the
 * app's zod compilers validate every request against those schemas and serialise every answer.
 * Where a schema is the kind's (a type parameter), the service is typed with what a handler reads
 * of it (BodyOf, QueryOf), so at each kind's call the service is checked against its own schemas.
 * (The zod type provider cannot resolve schemas that are type parameters.)
 */
/** What a handler reads of a body whose schema is `S`. */
type BodyOf<S extends Schema> = FastifyRequest<{ Body: z.output<S> }>["body"];
/** What a handler reads of a query string whose schema is `S`. */
type QueryOf<S extends Schema> = FastifyRequest<{ Querystring: z.output<S> }>["query"];

export const OrderIdParams = z.object({ id: z.uuid("Not a valid order id") });
type IdParams = z.output<typeof OrderIdParams>;
/** Orders carry customers' money, servers and personal details: admins only. */
export const adminOnly = { access: { roles: ["admin"] as "admin"[] } };
/** Panels every signed-in staff member sees (registries, clusters). */
export const staffOnly = { access: { roles: ["admin", "agent"] as ("admin" | "agent")[] } };

/** Who did it, for the audit trail and the order's history. */
export const actorOf = (request: Parameters<typeof currentStaff>[0]) => {
  const { user } = currentStaff(request);
  return { id: user.id, username: user.username };
};

/** What staff do to an order of any kind. */
export interface StaffOrderService<Query, Page, Detail, Transition, Event> {
  list(query: Query): Promise<Page>;
  detail(id: string): Promise<Detail | null>;
  transition(id: string, request: Transition, actor: AuditActor, ipAddress?: string): Promise<Detail>;
  retry(id: string, actor: AuditActor, ipAddress?: string): Promise<Detail>;
  approveRefund(id: string, actor: AuditActor, ipAddress?: string): Promise<Detail>;
  addNote(id: string, body: string, actor: AuditActor, ipAddress?: string): Promise<Event | null>;
}

/**
 * The staff order routes under `path` (`/api/admin/vps/orders`): the list, one order, a move of
 * its state, a retry of its failed step, a refund's approval, a note. Admins only; the service
 * audits each change.
 */
export function staffOrderRoutes<
  Query extends Schema,
  Page extends Schema,
  Detail extends Schema,
  Transition extends Schema,
  Event extends Schema,
>(
  app: FastifyInstance,
  kind: {
    path: string;
    /** The message namespace whose `adminOrderNotFound` a missing order answers with. */
    ns: ServerNamespace;
    schemas: { listQuery: Query; page: Page; detail: Detail; transition: Transition; event: Event };
    service: StaffOrderService<QueryOf<Query>, z.input<Page>, z.input<Detail>, BodyOf<Transition>, z.input<Event>>;
  },
): void {
  const { path, schemas, service } = kind;
  const notFound = () => new AppError("not_found", serverT("adminOrderNotFound", { ns: kind.ns }), 404);
  const changed = { 200: schemas.detail, 404: ApiErrorBody, 409: ApiErrorBody };

  app.get<{ Querystring: z.output<Query> }>(
    path,
    { config: adminOnly, schema: { querystring: schemas.listQuery, response: { 200: schemas.page } } },
    async (request) => service.list(request.query),
  );

  app.get<{ Params: IdParams }>(
    `${path}/:id`,
    { config: adminOnly, schema: { params: OrderIdParams, response: { 200: schemas.detail, 404: ApiErrorBody } } },
    async (request) => {
      const detail = await service.detail(request.params.id);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.post<{ Params: IdParams; Body: z.output<Transition> }>(
    `${path}/:id/transition`,
    {
      config: adminOnly,
      schema: { params: OrderIdParams, body: schemas.transition, response: { ...changed, 400: ApiErrorBody } },
    },
    async (request) => service.transition(request.params.id, request.body, actorOf(request), request.ip),
  );

  // Runs again the step that failed (or was handed to staff): a registration, a build, a server action.
  app.post<{ Params: IdParams }>(
    `${path}/:id/retry`,
    { config: adminOnly, schema: { params: OrderIdParams, response: changed } },
    async (request) => service.retry(request.params.id, actorOf(request), request.ip),
  );

  // Staff approve the refund of an order that waits for one; the payment provider sends it.
  app.post<{ Params: IdParams }>(
    `${path}/:id/refund`,
    { config: adminOnly, schema: { params: OrderIdParams, response: changed } },
    async (request) => service.approveRefund(request.params.id, actorOf(request), request.ip),
  );

  app.post<{ Params: IdParams; Body: AddOrderNote }>(
    `${path}/:id/notes`,
    {
      config: adminOnly,
      schema: { params: OrderIdParams, body: AddOrderNote, response: { 201: schemas.event, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      const note = await service.addNote(request.params.id, request.body.body, actorOf(request), request.ip);
      if (!note) throw notFound();
      return reply.status(201).send(note);
    },
  );
}

/** What a customer does with an order of any kind: place it, follow it by its link, pay again. */
export interface CustomerOrderService<Request, Created, View> {
  createOrder(input: Request, context: { ipAddress?: string }): Promise<Created>;
  customerView(token: string): Promise<View>;
  payAgain(token: string, context: { ipAddress?: string }): Promise<{ redirectUrl: string }>;
}

const ORDER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" };
const LOOKUP_RATE_LIMIT = { max: 120, timeWindow: "1 minute" };
type ErrorCodes<Code extends number> = { [C in Code]?: typeof ApiErrorBody };

/**
 * The customer's order routes under `path` (`/api/vps/orders`): placing an order, following it by
 * its secret link (never cached: personal or login details are in it), and another payment page.
 */
export function customerOrderRoutes<Request extends Schema, Created extends Schema, View extends Schema>(
  app: FastifyInstance,
  kind: {
    path: string;
    /** What a malformed link is called in the 400 answer ("Not a VPS order link"). */
    badLink: string;
    schemas: { request: Request; created: Created; view: View };
    /** Error answers only one kind gives, beside the ones all give. */
    errors: { create: ErrorCodes<409>; view: ErrorCodes<400> };
    service: CustomerOrderService<BodyOf<Request>, z.input<Created>, z.input<View>>;
  },
): void {
  const { path, schemas, service } = kind;
  const TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, kind.badLink) });
  type TokenParams = z.output<typeof TokenParams>;

  app.post<{ Body: z.output<Request> }>(
    path,
    {
      config: { rateLimit: ORDER_RATE_LIMIT },
      schema: {
        body: schemas.request,
        response: {
          201: schemas.created,
          400: ApiErrorBody,
          ...kind.errors.create,
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

  app.get<{ Params: TokenParams }>(
    `${path}/:token`,
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: { params: TokenParams, response: { 200: schemas.view, ...kind.errors.view, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      // Personal details (or login details) behind a secret link: no cache anywhere may keep them.
      reply.header("cache-control", "no-store");
      return service.customerView(request.params.token);
    },
  );

  app.post<{ Params: TokenParams }>(
    `${path}/:token/payment`,
    {
      config: { rateLimit: ORDER_RATE_LIMIT },
      schema: {
        params: TokenParams,
        response: { 200: OrderPaymentStarted, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request) => service.payAgain(request.params.token, { ipAddress: request.ip }),
  );
}
