import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AccountSessionRequest,
  AccountSignInAccepted,
  AccountSignInRequest,
  AccountState,
} from "#contracts/account.ts";
import { DeletionRequestAccepted } from "#contracts/data-rights.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { currentLanguage, serverT } from "../../lib/i18n.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import type { AccountService } from "./account-service.ts";
import { exportFileName } from "./data-rights-routes.ts";

/** The customer's cookie: its own name, and sent only to the account API (never to /api/admin). */
export const CUSTOMER_COOKIE = "kts_account";
const COOKIE_PATH = "/api/account";

/** Sign-in emails asked for: per address, and per client address (someone trying many addresses). */
export const SIGN_IN_LIMITS = {
  perEmail: { max: 3, windowMs: 15 * 60 * 1000 },
  perIp: { max: 10, windowMs: 60 * 60 * 1000 },
};

export interface AccountRoutesOptions {
  service: AccountService;
  limiter: RateLimiter;
}

function cookieOptions(request: FastifyRequest) {
  return { path: COOKIE_PATH, httpOnly: true, sameSite: "lax" as const, secure: request.protocol === "https" };
}

/** The signed-in customer's email, or a 401. */
export async function customerEmail(service: AccountService, request: FastifyRequest): Promise<string> {
  const token = request.cookies[CUSTOMER_COOKIE];
  const email = token ? await service.sessionEmail(token) : null;
  if (!email) throw new AppError("unauthenticated", serverT("account.signInRequired"), 401);
  return email;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { service, limiter }) => {
  async function limit(key: string, rule: { max: number; windowMs: number }) {
    const hit = await limiter.hit(key, rule.windowMs);
    if (hit.count > rule.max) {
      const seconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
      throw new AppError("rate_limited", serverT("rateLimited", { count: seconds }), 429, {
        headers: { "retry-after": String(seconds) },
      });
    }
  }

  app.post(
    "/api/account/sign-in",
    {
      schema: {
        body: AccountSignInRequest,
        response: { 202: AccountSignInAccepted, 400: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      await limit(`account-sign-in:ip:${request.ip}`, SIGN_IN_LIMITS.perIp);
      await limit(`account-sign-in:email:${email}`, SIGN_IN_LIMITS.perEmail);
      await service.requestSignIn(email, currentLanguage());
      return reply.status(202).send({ message: serverT("account.signInSent") });
    },
  );

  app.post(
    "/api/account/session",
    {
      schema: {
        body: AccountSessionRequest,
        response: { 200: z.object({ email: z.string() }), 400: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      await limit(`account-session:ip:${request.ip}`, { max: 30, windowMs: 15 * 60 * 1000 });
      const session = await service.openSession(request.body.token);
      if (!session) throw fieldError("token", serverT("account.tokenInvalid"));
      // Whatever customer session this browser had ends with the new one.
      const previous = request.cookies[CUSTOMER_COOKIE];
      if (previous) await service.closeSession(previous);
      reply.setCookie(CUSTOMER_COOKIE, session.token, { ...cookieOptions(request), expires: session.expiresAt });
      return { email: session.email };
    },
  );

  // Signed out is an ordinary state of this page, not an error: 200 with no account.
  app.get("/api/account", { schema: { response: { 200: AccountState } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const token = request.cookies[CUSTOMER_COOKIE];
    const email = token ? await service.sessionEmail(token) : null;
    return { account: email ? await service.overview(email) : null };
  });

  // The customer's own copy of everything held under their address, as a file.
  app.get("/api/account/data", async (request, reply) => {
    const email = await customerEmail(service, request);
    const data = await service.dataOf(email);
    return reply
      .header("cache-control", "no-store")
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${exportFileName(new Date(data.generatedAt))}"`)
      .send(JSON.stringify(data, null, 2));
  });

  app.post(
    "/api/account/deletion-request",
    { schema: { response: { 202: DeletionRequestAccepted, 401: ApiErrorBody } } },
    async (request, reply) => {
      const email = await customerEmail(service, request);
      const { requestedAt } = await service.requestDeletion(email, currentLanguage());
      return reply
        .status(202)
        .send({ message: serverT("account.deletionRequested"), requestedAt: requestedAt.toISOString() });
    },
  );

  app.post("/api/account/sign-out", async (request, reply) => {
    const token = request.cookies[CUSTOMER_COOKIE];
    if (token) await service.closeSession(token);
    reply.clearCookie(CUSTOMER_COOKIE, cookieOptions(request));
    return reply.status(204).send(null);
  });
};
