import { setTimeout as delay } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AdminLogin,
  AdminLoginAnswer,
  AdminSession,
  ChangePassword,
  RecoveryCodes,
  SecondFactorCode,
  TwoFactorConfirm,
  TwoFactorSetup,
} from "#contracts/admin.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import type { RateLimiter } from "../../lib/rate-limiter.ts";
import { recordAudit } from "../../lib/audit.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import { queueEmail } from "../notifications/index.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import {
  createSession,
  hashToken,
  revokeSession,
  revokeUserSessions,
  SESSION_COOKIE,
  type SessionPolicy,
} from "./sessions.ts";
import { findStaffById, findStaffByUsername, type StaffRow, updateStaff } from "./staff-repository.ts";
import {
  attemptChallenge,
  checkSecondFactor,
  confirmEnrolment,
  createChallenge,
  endChallenge,
  startEnrolment,
  totpCipher,
} from "./two-factor.ts";

/** The short-lived cookie of a sign-in waiting for its second factor. */
export const CHALLENGE_COOKIE = "kts_admin_2fa";
const CHALLENGE_PATH = "/api/admin/login";

/** Failed sign-ins allowed per IP address in the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one username, across addresses, after which its failures answer slowly and admins are told. */
export const LOGIN_ALERT_AFTER = 20;
const LOGIN_SLOW_MS = 1000;
/** Wrong current passwords allowed per staff member in the window when changing it (a stolen session cannot guess on). */
export const PASSWORD_CHANGE_MAX_FAILURES = 5;

export interface AuthRoutesOptions {
  db: Database;
  limiter: RateLimiter;
  policy: SessionPolicy;
  /** Where staff alerts go (the company's notification address). */
  notifyTo: string;
  /** The master key TOTP secrets are encrypted under (a purpose-bound key is derived from it). */
  totpKey: Buffer;
  /** The server's clock, which sessions' lifetimes are measured by (tests move it). */
  clock: () => Date;
}

/** Tells the admins, once per window, that someone is guessing a staff member's password. */
async function alertTargetedLogin(db: Database, user: { id: string; username: string }, notifyTo: string) {
  await db.transaction(async (tx) => {
    await recordAudit(tx as unknown as Database, {
      actor: { id: null, username: user.username },
      action: "auth.login_targeted",
      targetType: "staff",
      targetId: user.id,
    });
    await queueEmail(tx as unknown as Database, {
      kind: "login_targeted",
      toAddress: notifyTo,
      subject: serverT("loginTargeted.subject", { ns: "email", lng: "en", username: user.username }),
      textBody: serverT("loginTargeted.body", {
        ns: "email",
        lng: "en",
        username: user.username,
        failures: LOGIN_ALERT_AFTER,
        count: LOGIN_WINDOW_MS / 60_000,
      }),
    });
  });
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
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
  });
}

function lockedOut(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError("too_many_attempts", serverT("loginLocked", { count: Math.ceil(seconds / 60) }), 429, {
    headers: { "retry-after": String(seconds) },
  });
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, limiter, policy, notifyTo, totpKey, clock },
) => {
  const cipher = totpCipher(totpKey);
  const twoFactorOf = (user: StaffRow) => {
    const enabled = user.totpEnabledAt !== null;
    return { enabled, enrolmentRequired: !enabled && user.role === "admin" && policy.requireAdminTotp === true };
  };

  /** A new session for this browser, from now by the server's clock. */
  const newSession = (request: FastifyRequest, user: StaffRow) =>
    createSession(db, user.id, policy, { ipAddress: request.ip, userAgent: request.headers["user-agent"] }, clock());

  /** Ends the sign-in: a fresh session (the browser's previous one revoked), recorded in the audit log. */
  async function issueSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: StaffRow,
    secondFactor?: "totp" | "recovery",
  ) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await revokeSession(db, hashToken(previous));
    const session = await newSession(request, user);
    await updateStaff(db, user.id, { lastLoginAt: new Date() });
    await recordAudit(db, {
      actor: { id: user.id, username: user.username },
      action: "auth.login",
      ...(secondFactor ? { details: { secondFactor } } : {}),
      ipAddress: request.ip,
    });
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return {
      user: { id: user.id, username: user.username, displayName: user.displayName, role: user.role },
      twoFactor: twoFactorOf(user),
    };
  }

  app.post(
    "/api/admin/login",
    {
      config: { access: { public: true } },
      schema: {
        body: AdminLogin,
        response: { 200: AdminLoginAnswer, 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const username = request.body.username.toLowerCase();
      const addressKey = `login:ip:${request.ip}`;
      // Count first, then check: the increment that returns the new count decides, so a burst of
      // parallel guesses cannot all pass a check made before any of them was counted.
      const attempt = await limiter.hit(addressKey, LOGIN_WINDOW_MS);
      if (attempt.count > LOGIN_MAX_FAILURES) throw lockedOut(attempt.ttlMs);

      const user = await findStaffByUsername(db, username);
      const valid = await verifyPassword(user && !user.disabledAt ? user.passwordHash : null, request.body.password);
      if (!user || user.disabledAt || !valid) {
        // Failures for one username across addresses never lock it (anyone could lock staff out):
        // past a threshold they are answered slowly, and the admins hear of it once per window.
        const targeted = await limiter.hit(`login:user:${username}`, LOGIN_WINDOW_MS);
        await recordAudit(db, {
          actor: { id: null, username },
          action: "auth.login_failed",
          ipAddress: request.ip,
        });
        if (user && targeted.count === LOGIN_ALERT_AFTER) await alertTargetedLogin(db, user, notifyTo);
        if (targeted.count >= LOGIN_ALERT_AFTER) await delay(LOGIN_SLOW_MS);
        // The same answer for an unknown user, a disabled one and a wrong password.
        throw new AppError("invalid_credentials", serverT("invalidCredentials"), 401);
      }

      // A right password gives its attempt back: only failures lock an address.
      await limiter.release(addressKey);
      if (user.totpEnabledAt) {
        // No session yet: the second factor must follow within a few minutes, on this browser.
        const challenge = await createChallenge(db, user.id);
        reply.setCookie(CHALLENGE_COOKIE, challenge.token, {
          path: CHALLENGE_PATH,
          httpOnly: true,
          sameSite: "strict",
          secure: request.protocol === "https",
          expires: challenge.expiresAt,
        });
        return { secondFactor: "required" as const };
      }
      // Rotation: whatever session this browser had ends; a fresh id is issued.
      return issueSession(request, reply, user);
    },
  );

  app.post(
    "/api/admin/login/second-factor",
    {
      config: { access: { public: true } },
      schema: {
        body: SecondFactorCode,
        response: { 200: AdminSession, 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request, reply) => {
      // Wrong codes count toward the same per-address lockout as wrong passwords, counted first.
      const addressKey = `login:ip:${request.ip}`;
      const attempt = await limiter.hit(addressKey, LOGIN_WINDOW_MS);
      if (attempt.count > LOGIN_MAX_FAILURES) throw lockedOut(attempt.ttlMs);
      const token = request.cookies[CHALLENGE_COOKIE];
      const userId = token ? await attemptChallenge(db, token) : null;
      const user = userId ? await findStaffById(db, userId) : undefined;
      if (!token || !user || user.disabledAt) {
        reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_PATH });
        throw new AppError("second_factor_expired", serverT("secondFactorExpired"), 401);
      }
      const method = await checkSecondFactor(db, cipher, user, request.body.code);
      if (!method) {
        // Wrong codes for one account from many addresses (each with its own pending sign-in) are
        // answered slowly past the threshold and reported to the admins, as wrong passwords are.
        const targeted = await limiter.hit(`login:user:${user.username}`, LOGIN_WINDOW_MS);
        await recordAudit(db, {
          actor: { id: user.id, username: user.username },
          action: "auth.second_factor_failed",
          ipAddress: request.ip,
        });
        if (targeted.count === LOGIN_ALERT_AFTER) await alertTargetedLogin(db, user, notifyTo);
        if (targeted.count >= LOGIN_ALERT_AFTER) await delay(LOGIN_SLOW_MS);
        throw new AppError("invalid_code", serverT("secondFactorInvalid"), 401, {
          fields: { code: serverT("secondFactorInvalid") },
        });
      }
      await limiter.release(addressKey);
      await endChallenge(db, token);
      reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_PATH });
      return issueSession(request, reply, user, method);
    },
  );

  app.post(
    "/api/admin/me/two-factor/setup",
    {
      config: { access: { roles: ["admin", "agent"], beforeSecondFactor: true } },
      schema: { response: { 200: TwoFactorSetup, 409: ApiErrorBody } },
    },
    async (request) => {
      const staff = currentStaff(request);
      const user = await findStaffById(db, staff.user.id);
      if (!user) throw new AppError("unauthenticated", serverT("unauthenticated"), 401);
      // Once set up, only another admin's reset removes it: a stolen session cannot swap the secret.
      if (user.totpEnabledAt) throw new AppError("two_factor_enabled", serverT("twoFactorAlreadyEnabled"), 409);
      return startEnrolment(db, cipher, user);
    },
  );

  app.post(
    "/api/admin/me/two-factor/confirm",
    {
      config: { access: { roles: ["admin", "agent"], beforeSecondFactor: true } },
      schema: {
        body: TwoFactorConfirm,
        response: { 200: RecoveryCodes, 400: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      const attemptKey = `two-factor-confirm:user:${staff.user.id}`;
      const attempt = await limiter.hit(attemptKey, LOGIN_WINDOW_MS);
      if (attempt.count > LOGIN_MAX_FAILURES) throw lockedOut(attempt.ttlMs);
      const user = await findStaffById(db, staff.user.id);
      if (!user) throw new AppError("unauthenticated", serverT("unauthenticated"), 401);
      if (user.totpEnabledAt) throw new AppError("two_factor_enabled", serverT("twoFactorAlreadyEnabled"), 409);
      if (!user.totpSecret) throw new AppError("two_factor_not_started", serverT("twoFactorNotStarted"), 409);
      const recoveryCodes = await confirmEnrolment(db, cipher, user, request.body.code.replace(/\s/g, ""));
      if (!recoveryCodes) {
        throw new AppError("invalid_code", serverT("secondFactorInvalid"), 400, {
          fields: { code: serverT("secondFactorInvalid") },
        });
      }
      await limiter.release(attemptKey);
      await recordAudit(db, {
        actor: { id: user.id, username: user.username },
        action: "auth.two_factor_enabled",
        targetType: "staff",
        targetId: user.id,
        ipAddress: request.ip,
      });
      return { recoveryCodes };
    },
  );

  app.get(
    "/api/admin/verify",
    {
      config: { access: { roles: ["admin", "agent"], beforeSecondFactor: true } },
      schema: { response: { 200: AdminSession } },
    },
    async (request) => {
      const { user, twoFactor } = currentStaff(request);
      return { user, twoFactor };
    },
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
    {
      config: { access: { roles: ["admin", "agent"] } },
      schema: { body: ChangePassword, response: { 204: z.null(), 400: ApiErrorBody, 429: ApiErrorBody } },
    },
    async (request, reply) => {
      const staff = currentStaff(request);
      // Counted before the check, per staff member, like sign-in: a session alone (stolen, or a
      // browser left open) cannot be used to guess the current password without limit.
      const attemptKey = `password-change:user:${staff.user.id}`;
      const attempt = await limiter.hit(attemptKey, LOGIN_WINDOW_MS);
      if (attempt.count > PASSWORD_CHANGE_MAX_FAILURES) {
        const seconds = Math.max(1, Math.ceil(attempt.ttlMs / 1000));
        const message = serverT("passwordChangeLocked", { count: Math.ceil(seconds / 60) });
        throw new AppError("too_many_attempts", message, 429, {
          fields: { currentPassword: message },
          headers: { "retry-after": String(seconds) },
        });
      }
      const user = await findStaffById(db, staff.user.id);
      if (!user || !(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        await recordAudit(db, {
          actor: { id: staff.user.id, username: staff.user.username },
          action: "auth.password_change_failed",
          targetType: "staff",
          targetId: staff.user.id,
          ipAddress: request.ip,
        });
        throw new AppError("wrong_password", serverT("wrongCurrentPassword"), 400, {
          fields: { currentPassword: serverT("wrongCurrentPassword") },
        });
      }
      await limiter.release(attemptKey);
      await updateStaff(db, user.id, {
        passwordHash: await hashPassword(request.body.newPassword),
        passwordChangedAt: new Date(),
      });
      // Every other session ends; this browser gets a fresh session id.
      await revokeUserSessions(db, user.id);
      const session = await newSession(request, user);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      await recordAudit(db, {
        actor: { id: user.id, username: user.username },
        action: "auth.password_changed",
        targetType: "staff",
        targetId: user.id,
        ipAddress: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};
