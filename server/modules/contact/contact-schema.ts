import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ENQUIRY_STATUSES } from "#contracts/account.ts";
import { oneOf } from "#server/db/checks.ts";
import { staffUsers } from "#server/db/schema.ts";

/** Contact enquiries from the public form. Nothing accepted is ever deleted by the app. */
export const contactEnquiries = pgTable(
  "contact_enquiries",
  {
    id: uuid("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    service: text("service").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    assigneeId: uuid("assignee_id").references(() => staffUsers.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Where the enquiry came from: the contact form, a chat, the tech stack advisor or a website analysis. */
    source: text("source", { enum: ["form", "chat", "advisor", "analysis"] })
      .notNull()
      .default("form"),
    /**
     * The website analysis report the visitor asked for help with, as their page sent it: not a key
     * (the enquiry is taken even when no such report is stored, and keeps it when reports are purged).
     */
    analysisReportId: text("analysis_report_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_enquiries_created_at_idx").on(t.createdAt),
    index("contact_enquiries_status_idx").on(t.status, t.createdAt),
    oneOf(t.status),
    oneOf(t.source),
  ],
);

/** Staff notes on an enquiry. */
export const enquiryNotes = pgTable(
  "enquiry_notes",
  {
    id: uuid("id").primaryKey(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => contactEnquiries.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => staffUsers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_notes_enquiry_idx").on(t.enquiryId, t.createdAt)],
);
