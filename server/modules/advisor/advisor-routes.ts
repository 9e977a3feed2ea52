import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AddProjectNote,
  ProjectDetail,
  ProjectListQuery,
  ProjectPage,
  UpdateProject,
} from "#contracts/advisor-admin.ts";
import {
  AdvisorAnswers,
  AdvisorResult,
  ConsultationCreated,
  ConsultationRequest,
  SavedProject,
} from "#contracts/advisor.ts";
import { ApiErrorBody } from "#contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { serverT } from "../../lib/i18n.ts";
import { senderLimit } from "../../lib/sender-limit.ts";
import { CONTACT_ADDRESS_LIMIT, CONTACT_SENDER_LIMIT } from "../contact/index.ts";
import { currentStaff } from "../../lib/admin-guard.ts";
import { findStaffById } from "../admin/index.ts";
import { recommend } from "./advisor-engine.ts";
import {
  addProjectNote,
  findProject,
  listProjects,
  projectDetail,
  requestConsultation,
  saveProject,
  updateProject,
} from "./project-service.ts";

export interface AdvisorRoutesOptions {
  db: Database;
  publicUrl: string;
  notifyTo: string;
  onQueued: () => void;
}

const ProjectParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "Not a valid plan id") });
const notFound = () => new AppError("not_found", serverT("projectNotFound", { ns: "advisor" }), 404);
const staffAccess = { access: { roles: ["admin", "agent"] as ("admin" | "agent")[] } };

/** Per IP: generous for someone trying answers, useless for flooding the projects table. */
const SAVE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 };
const RECOMMEND_LIMIT = { max: 120, timeWindow: 60 * 1000 };
/** A consultation request is an enquiry: the contact form's limits (decision 0038). */
export const CONSULTATION_SENDER_LIMIT = CONTACT_SENDER_LIMIT;
export const CONSULTATION_ADDRESS_LIMIT = CONTACT_ADDRESS_LIMIT;

export const advisorRoutes: FastifyPluginAsyncZod<AdvisorRoutesOptions> = async (app, options) => {
  const { db } = options;

  app.post(
    "/api/advisor/recommendations",
    {
      config: { rateLimit: RECOMMEND_LIMIT },
      schema: { body: z.object({ answers: AdvisorAnswers }), response: { 200: AdvisorResult, 400: ApiErrorBody } },
    },
    async (request) => recommend(request.body.answers),
  );

  app.post(
    "/api/projects",
    {
      config: { rateLimit: SAVE_LIMIT },
      schema: { body: z.object({ answers: AdvisorAnswers }), response: { 201: SavedProject, 400: ApiErrorBody } },
    },
    async (request, reply) => reply.status(201).send(await saveProject(db, request.body.answers, request.ip)),
  );

  app.get(
    "/api/projects/:id",
    { schema: { params: ProjectParams, response: { 200: SavedProject, 404: ApiErrorBody } } },
    async (request, reply) => {
      const project = await findProject(db, request.params.id);
      if (!project) throw notFound();
      // Shareable but private: never indexed, never cached by shared caches.
      reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex");
      return project;
    },
  );

  app.post(
    "/api/projects/:id/consultation",
    {
      config: { rateLimit: CONSULTATION_ADDRESS_LIMIT },
      preHandler: senderLimit(
        app,
        "consultation",
        CONSULTATION_SENDER_LIMIT,
        (request) => (request.body as ConsultationRequest).email,
      ),
      schema: {
        params: ProjectParams,
        body: ConsultationRequest,
        response: { 201: ConsultationCreated, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const created = await requestConsultation(db, request.params.id, request.body, {
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
        publicUrl: options.publicUrl,
        notifyTo: options.notifyTo,
      });
      if (!created) throw notFound();
      options.onQueued();
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/admin/projects",
    { config: staffAccess, schema: { querystring: ProjectListQuery, response: { 200: ProjectPage } } },
    async (request) => ({
      ...(await listProjects(db, request.query)),
      page: request.query.page,
      pageSize: request.query.pageSize,
    }),
  );

  app.get(
    "/api/admin/projects/:id",
    { config: staffAccess, schema: { params: ProjectParams, response: { 200: ProjectDetail, 404: ApiErrorBody } } },
    async (request) => (await projectDetail(db, request.params.id)) ?? Promise.reject(notFound()),
  );

  app.patch(
    "/api/admin/projects/:id",
    {
      config: staffAccess,
      schema: {
        params: ProjectParams,
        body: UpdateProject,
        response: { 200: ProjectDetail, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const { user } = currentStaff(request);
      if (request.body.assigneeId) {
        const assignee = await findStaffById(db, request.body.assigneeId);
        if (!assignee || assignee.disabledAt) {
          throw new AppError("bad_assignee", serverT("assigneeNotFound"), 400, {
            fields: { assigneeId: serverT("assigneeNotFound") },
          });
        }
      }
      const found = await updateProject(
        db,
        request.params.id,
        request.body,
        { id: user.id, username: user.username },
        request.ip,
      );
      const detail = found ? await projectDetail(db, request.params.id) : null;
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.post(
    "/api/admin/projects/:id/notes",
    {
      config: staffAccess,
      schema: { params: ProjectParams, body: AddProjectNote, response: { 201: ProjectDetail, 404: ApiErrorBody } },
    },
    async (request, reply) => {
      const { user } = currentStaff(request);
      const added = await addProjectNote(
        db,
        request.params.id,
        request.body.body,
        { id: user.id, username: user.username },
        request.ip,
      );
      const detail = added ? await projectDetail(db, request.params.id) : null;
      if (!detail) throw notFound();
      return reply.status(201).send(detail);
    },
  );
};
