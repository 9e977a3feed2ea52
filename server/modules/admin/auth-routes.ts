import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AdminLogin, AdminSession, ChangePassword } from "../../../contracts/admin.ts";
import { ApiErrorBody } from "../../../contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import { recordAudit } from "./audit.ts";
import { currentStaff } from "./admin-guard.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { createSession, hashToken, revokeSession, revokeUserSessions, SESSION_COOKIE, type SessionPolicy } from "./sessions.ts";
import { findStaffById, findStaffByUsername, updateStaff } from "./staff-repository.ts";

/** Failed sign-ins allowed per username and per IP address in the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface AuthRoutesOptions {
  db: Database;
  limiter: RateLimiter;
  policy: SessionPolicy;
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    expires: expiresAt,
  });
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, limiter, policy }) => {
  app.post(
    "/api/admin/login",
    {
      config: { access: { public: true } },
      schema: { body: AdminLogin, response: { 200: AdminSession, 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody } },
    },
    async (request, reply) => {
      const username = request.body.username.toLowerCase();
      const keys = [`login-fail:user:${username}`, `login-fail:ip:${request.ip}`];
      const counts = await Promise.all(keys.map((key) => limiter.peek(key)));
      const locked = counts.filter((c) => c.count >= LOGIN_MAX_FAILURES);
      if (locked.length > 0) {
        const retryMs = Math.max(...locked.map((c) => c.ttlMs));
        const seconds = Math.max(1, Math.ceil(retryMs / 1000));
        throw new AppError("too_many_attempts", serverT("loginLocked", { minutes: Math.ceil(seconds / 60) }), 429, {
          headers: { "retry-after": String(seconds) },
        });
      }

      const user = await findStaffByUsername(db, username);
      const valid = await verifyPassword(user && !user.disabledAt ? user.passwordHash : null, request.body.password);
      if (!user || user.disabledAt || !valid) {
        await Promise.all(keys.map((key) => limiter.hit(key, LOGIN_WINDOW_MS)));
        await recordAudit(db, {
          actor: { id: null, username },
          action: "auth.login_failed",
          ipAddress: request.ip,
        });
        // The same answer for an unknown user, a disabled one and a wrong password.
        throw new AppError("invalid_credentials", serverT("invalidCredentials"), 401);
      }

      await limiter.reset(keys[0]!);
      // Rotation: whatever session this browser had ends; a fresh id is issued.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await revokeSession(db, hashToken(previous));
      const session = await createSession(db, user.id, policy, { ipAddress: request.ip, userAgent: request.headers["user-agent"] });
      await updateStaff(db, user.id, { lastLoginAt: new Date() });
      await recordAudit(db, { actor: { id: user.id, username: user.username }, action: "auth.login", ipAddress: request.ip });
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { user: { id: user.id, username: user.username, displayName: user.displayName, role: user.role } };
    },
  );

  app.get(
    "/api/admin/verify",
    { config: { access: { roles: ["admin", "agent"] } }, schema: { response: { 200: AdminSession } } },
    async (request) => ({ user: currentStaff(request).user }),
  );

  app.post("/api/admin/logout", { config: { access: { public: true } } }, async (request, reply) => {
    if (request.staff) {
      await revokeSession(db, request.staff.tokenHash);
      await recordAudit(db, {
        actor: { id: request.staff.user.id, username: request.staff.user.username },
        action: "auth.logout",
        ipAddress: request.ip,
      });
    }
    clearSessionCookie(request, reply);
    return reply.status(204).send(null);
  });

  app.post(
    "/api/admin/me/password",
    { config: { access: { roles: ["admin", "agent"] } }, schema: { body: ChangePassword, response: { 204: z.null(), 400: ApiErrorBody } } },
    async (request, reply) => {
      const staff = currentStaff(request);
      const user = await findStaffById(db, staff.user.id);
      if (!user || !(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw new AppError("wrong_password", serverT("wrongCurrentPassword"), 400, {
          fields: { currentPassword: serverT("wrongCurrentPassword") },
        });
      }
      await updateStaff(db, user.id, { passwordHash: await hashPassword(request.body.newPassword), passwordChangedAt: new Date() });
      // Every other session ends; this browser gets a fresh session id.
      await revokeUserSessions(db, user.id);
      const session = await createSession(db, user.id, policy, { ipAddress: request.ip, userAgent: request.headers["user-agent"] });
      setSessionCookie(request, reply, session.token, session.expiresAt);
      await recordAudit(db, { actor: { id: user.id, username: user.username }, action: "auth.password_changed", targetType: "staff", targetId: user.id, ipAddress: request.ip });
      return reply.status(204).send(null);
    },
  );
};
