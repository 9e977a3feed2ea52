import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { contactEnquiries } from "../contact/contact-schema.ts";
import { PROJECT_STATUSES } from "#contracts/advisor.ts";
import { oneOf } from "#server/db/checks.ts";
import { staffUsers } from "#server/db/schema.ts";

/** Plans saved from the tech stack advisor; the id is the unguessable part of the share link. */
export const advisorProjects = pgTable(
  "advisor_projects",
  {
    id: text("id").primaryKey(),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull(),
    recommendations: jsonb("recommendations").$type<unknown[]>().notNull(),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("new"),
    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    contactNotes: text("contact_notes"),
    consultationRequestedAt: timestamp("consultation_requested_at", { withTimezone: true }),
    enquiryId: uuid("enquiry_id").references(() => contactEnquiries.id, { onDelete: "set null" }),
    assigneeId: uuid("assignee_id").references(() => staffUsers.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("advisor_projects_created_idx").on(t.createdAt),
    index("advisor_projects_status_idx").on(t.status),
    oneOf(t.status),
  ],
);

/** Staff notes on a saved plan. */
export const projectNotes = pgTable(
  "project_notes",
  {
    id: uuid("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => advisorProjects.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => staffUsers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_notes_project_idx").on(t.projectId, t.createdAt)],
);
