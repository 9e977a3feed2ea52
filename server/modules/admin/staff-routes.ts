import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Assignees,
  AuditPage,
  AuditQuery,
  CreateStaff,
  ResetStaffPassword,
  StaffAccount,
  StaffList,
  UpdateStaff,
} from "#contracts/admin.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import { listAudit, recordAudit } from "../../lib/audit.ts";
import { hashPassword } from "./passwords.ts";
import { revokeUserSessions } from "./sessions.ts";
import { resetTwoFactor } from "./two-factor.ts";
import {
  findStaffById,
  findStaffByUsername,
  insertStaff,
  listStaff,
  toAccount,
  updateStaff,
} from "./staff-repository.ts";

const IdParams = z.object({ id: z.string().uuid("Not a valid id") });

/** Staff management and the audit log: admins only. The assignee list: every staff member. */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const actorOf = (request: Parameters<typeof currentStaff>[0]) => {
    const { user } = currentStaff(request);
    return { id: user.id, username: user.username };
  };

  app.get("/api/admin/users", { schema: { response: { 200: StaffList } } }, async () => ({
    items: (await listStaff(db)).map(toAccount),
  }));

  app.post(
    "/api/admin/users",
    { schema: { body: CreateStaff, response: { 201: StaffAccount, 409: ApiErrorBody } } },
    async (request, reply) => {
      const { username, displayName, role, password } = request.body;
      if (await findStaffByUsername(db, username)) {
        throw new AppError("username_taken", serverT("usernameTaken", { username }), 409, {
          fields: { username: serverT("usernameTaken", { username }) },
        });
      }
      const row = await insertStaff(db, { username, displayName, role, passwordHash: await hashPassword(password) });
      await recordAudit(db, {
        actor: actorOf(request),
        action: "staff.created",
        targetType: "staff",
        targetId: row.id,
        details: { username: row.username, role },
        ipAddress: request.ip,
      });
      return reply.status(201).send(toAccount(row));
    },
  );

  app.patch(
    "/api/admin/users/:id",
    {
      schema: {
        params: IdParams,
        body: UpdateStaff,
        response: { 200: StaffAccount, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const target = await findStaffById(db, request.params.id);
      if (!target) throw new AppError("not_found", serverT("staffNotFound"), 404);
      const { role, disabled, displayName } = request.body;
      const changesAccess = (role !== undefined && role !== target.role) || disabled !== undefined;
      // Nobody changes their own role or disables themselves, so the acting admin always remains.
      if (changesAccess && target.id === actor.id) {
        throw new AppError("own_access", serverT("cannotChangeOwnAccess"), 400);
      }
      const updated = await updateStaff(db, target.id, {
        ...(role !== undefined ? { role } : {}),
        ...(displayName !== undefined ? { displayName } : {}),
        ...(disabled !== undefined ? { disabledAt: disabled ? new Date() : null } : {}),
      });
      // A role change or disabling takes effect now, not when the old sessions expire.
      if (changesAccess) await revokeUserSessions(db, target.id);
      await recordAudit(db, {
        actor,
        action: "staff.updated",
        targetType: "staff",
        targetId: target.id,
        details: { ...request.body },
        ipAddress: request.ip,
      });
      return toAccount(updated ?? target);
    },
  );

  app.post(
    "/api/admin/users/:id/reset-password",
    { schema: { params: IdParams, body: ResetStaffPassword, response: { 204: z.null(), 404: ApiErrorBody } } },
    async (request, reply) => {
      const target = await findStaffById(db, request.params.id);
      if (!target) throw new AppError("not_found", serverT("staffNotFound"), 404);
      await updateStaff(db, target.id, {
        passwordHash: await hashPassword(request.body.newPassword),
        passwordChangedAt: new Date(),
      });
      await revokeUserSessions(db, target.id);
      await recordAudit(db, {
        actor: actorOf(request),
        action: "staff.password_reset",
        targetType: "staff",
        targetId: target.id,
        ipAddress: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/admin/users/:id/reset-two-factor",
    {
      schema: { params: IdParams, response: { 204: z.null(), 400: ApiErrorBody, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const target = await findStaffById(db, request.params.id);
      if (!target) throw new AppError("not_found", serverT("staffNotFound"), 404);
      // Another admin resets it (a lost phone): a session alone never removes its own second factor.
      if (target.id === actor.id) throw new AppError("own_access", serverT("cannotResetOwnTwoFactor"), 400);
      await resetTwoFactor(db, target.id);
      await revokeUserSessions(db, target.id);
      await recordAudit(db, {
        actor,
        action: "staff.two_factor_reset",
        targetType: "staff",
        targetId: target.id,
        ipAddress: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/admin/assignees",
    { config: { access: { roles: ["admin", "agent"] } }, schema: { response: { 200: Assignees } } },
    async () => ({
      items: (await listStaff(db)).filter((s) => !s.disabledAt).map((s) => ({ id: s.id, displayName: s.displayName })),
    }),
  );

  app.get(
    "/api/admin/audit",
    { schema: { querystring: AuditQuery, response: { 200: AuditPage } } },
    async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await listAudit(db, page, pageSize)), page, pageSize };
    },
  );
};
