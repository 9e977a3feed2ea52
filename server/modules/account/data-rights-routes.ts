import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ErasureRequest,
  ErasureResult,
  OpenDeletionRequests,
  PersonData,
  PersonQuery,
  personMatch,
} from "#contracts/data-rights.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import { recordAudit } from "../../lib/audit.ts";
import { erasePerson, openDeletionRequests, personDataOf, personDigest } from "./data-rights-service.ts";

const staffAccess = { access: { roles: ["admin", "agent"] as ("admin" | "agent")[] } };

export interface DataRightsRoutesOptions {
  db: Database;
  clock: () => Date;
}

/** A download's name: the date, never the person's address. */
export const exportFileName = (now: Date) => `personal-data-${now.toISOString().slice(0, 10)}.json`;

/**
 * Staff acting on data-protection rights: find everything about a person by email or phone and
 * export it (any staff member, each export audit-logged), erase it (admins only), and see the
 * deletion requests customers made from their account.
 */
export const dataRightsRoutes: FastifyPluginAsyncZod<DataRightsRoutesOptions> = async (app, { db, clock }) => {
  app.get(
    "/api/admin/people",
    { config: staffAccess, schema: { querystring: PersonQuery, response: { 200: PersonData, 400: ApiErrorBody } } },
    async (request) => personDataOf(db, personMatch(request.query), clock()),
  );

  app.get(
    "/api/admin/people/export",
    { config: staffAccess, schema: { querystring: PersonQuery } },
    async (request, reply) => {
      const person = personMatch(request.query);
      const { user } = currentStaff(request);
      const now = clock();
      const data = await personDataOf(db, person, now);
      await recordAudit(db, {
        actor: { id: user.id, username: user.username },
        action: "person.exported",
        targetType: "person",
        targetId: personDigest(person),
        ipAddress: request.ip,
      });
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFileName(now)}"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  // Admins only: the guard's default.
  app.post(
    "/api/admin/people/erase",
    { schema: { body: ErasureRequest, response: { 200: ErasureResult, 400: ApiErrorBody } } },
    async (request) => {
      const { user } = currentStaff(request);
      return erasePerson(db, personMatch(request.body), {
        actor: { id: user.id, username: user.username },
        ipAddress: request.ip,
        now: clock(),
      });
    },
  );

  app.get(
    "/api/admin/deletion-requests",
    { config: staffAccess, schema: { response: { 200: OpenDeletionRequests } } },
    async () => ({ items: await openDeletionRequests(db) }),
  );
};
