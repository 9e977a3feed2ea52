import { z } from "zod";
import { AdvisorAnswers, ProjectStatus, ProjectType, Recommendation } from "./advisor.ts";
import { multiline } from "./text.ts";

// The advisor's projects as staff follow them. Kept out of ./advisor.ts, which the tech stack advisor
// loads: a Zod schema is built when its module is evaluated, and a visitor's phone would build these
// for nothing (issue 20).

/* ---------------------------------------------------------------- Admin: projects pipeline */

const Person = z.object({ id: z.string(), displayName: z.string() });

export const ProjectListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
  status: ProjectStatus.optional(),
  /** Only plans whose visitor asked for a consultation. */
  leads: z.enum(["true", "false"]).optional(),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;

export const ProjectSummary = z.object({
  id: z.string(),
  projectType: ProjectType,
  topStack: z.string(),
  fitScore: z.number().int(),
  status: ProjectStatus,
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  assignee: Person.nullable(),
  consultationRequestedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

export const ProjectPage = z.object({
  items: z.array(ProjectSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProjectPage = z.infer<typeof ProjectPage>;

export const ProjectDetail = ProjectSummary.extend({
  answers: AdvisorAnswers,
  recommendations: z.array(Recommendation),
  contactNotes: z.string().nullable(),
  enquiryId: z.string().nullable(),
  updatedAt: z.string(),
  notes: z.array(z.object({ id: z.string(), body: z.string(), author: Person.nullable(), createdAt: z.string() })),
  history: z.array(
    z.object({
      id: z.string(),
      actor: z.string().nullable(),
      action: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

export const UpdateProject = z
  .object({ status: ProjectStatus.optional(), assigneeId: z.string().uuid().nullable().optional() })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, { message: "Nothing to change" });
export type UpdateProject = z.infer<typeof UpdateProject>;

export const AddProjectNote = z.object({
  body: multiline(z.string().trim().min(1, "Note cannot be empty").max(5000, "Note must be 5000 characters or less")),
});
