import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AddEnquiryNote,
  EnquiryDetail,
  EnquiryListQuery,
  EnquiryNote,
  EnquiryPage,
  UpdateEnquiry,
} from "#contracts/admin.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { csvRow } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import { findStaffById } from "../admin/index.ts";
import { addEnquiryNote, allEnquiries, getEnquiryDetail, listEnquiryPage, updateEnquiry } from "./enquiry-admin.ts";

const IdParams = z.object({ id: z.string().uuid("Not a valid enquiry id") });
const staffAccess = { access: { roles: ["admin", "agent"] as ("admin" | "agent")[] } };

/** The enquiries inbox for staff: admins and agents. */
export const enquiryAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/admin/enquiries",
    { config: staffAccess, schema: { querystring: EnquiryListQuery, response: { 200: EnquiryPage } } },
    async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await listEnquiryPage(db, request.query)), page, pageSize };
    },
  );

  app.get(
    "/api/admin/enquiries/export.csv",
    { config: staffAccess, schema: { querystring: EnquiryListQuery.pick({ q: true, service: true, status: true }) } },
    async (request, reply) => {
      const { user } = currentStaff(request);
      request.log.info({ staff: user.username, filters: request.query }, "enquiries exported");
      async function* lines() {
        yield csvRow([
          "id",
          "received_at",
          "first_name",
          "last_name",
          "email",
          "service",
          "status",
          "assignee",
          "message",
        ]);
        for await (const row of allEnquiries(db, request.query)) {
          yield csvRow([
            row.id,
            row.createdAt.toISOString(),
            row.firstName,
            row.lastName,
            row.email,
            row.service,
            row.status,
            row.assigneeName,
            row.message,
          ]);
        }
      }
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="enquiries-${date}.csv"`)
        .header("cache-control", "no-store")
        .send(Readable.from(lines()));
    },
  );

  app.get(
    "/api/admin/enquiries/:id",
    { config: staffAccess, schema: { params: IdParams, response: { 200: EnquiryDetail, 404: ApiErrorBody } } },
    async (request) => {
      const detail = await getEnquiryDetail(db, request.params.id);
      if (!detail) throw new AppError("not_found", serverT("enquiryNotFound"), 404);
      return detail;
    },
  );

  app.patch(
    "/api/admin/enquiries/:id",
    {
      config: staffAccess,
      schema: {
        params: IdParams,
        body: UpdateEnquiry,
        response: { 200: EnquiryDetail, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const { user } = currentStaff(request);
      const { assigneeId } = request.body;
      if (assigneeId) {
        const assignee = await findStaffById(db, assigneeId);
        if (!assignee || assignee.disabledAt) {
          throw new AppError("bad_assignee", serverT("assigneeNotFound"), 400, {
            fields: { assigneeId: serverT("assigneeNotFound") },
          });
        }
      }
      const found = await updateEnquiry(
        db,
        request.params.id,
        request.body,
        { id: user.id, username: user.username },
        request.ip,
      );
      const detail = found ? await getEnquiryDetail(db, request.params.id) : null;
      if (!detail) throw new AppError("not_found", serverT("enquiryNotFound"), 404);
      return detail;
    },
  );

  app.post(
    "/api/admin/enquiries/:id/notes",
    {
      config: staffAccess,
      schema: { params: IdParams, body: AddEnquiryNote, response: { 201: EnquiryNote, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      const { user } = currentStaff(request);
      const note = await addEnquiryNote(
        db,
        request.params.id,
        request.body.body,
        { id: user.id, username: user.username },
        request.ip,
      );
      if (!note) throw new AppError("not_found", serverT("enquiryNotFound"), 404);
      return reply.status(201).send(note);
    },
  );
};
