CREATE TABLE "advisor_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"answers" jsonb NOT NULL,
	"recommendations" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_notes" text,
	"consultation_requested_at" timestamp with time zone,
	"enquiry_id" uuid,
	"assignee_id" uuid,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advisor_projects" ADD CONSTRAINT "advisor_projects_enquiry_id_contact_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_projects" ADD CONSTRAINT "advisor_projects_assignee_id_staff_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_notes" ADD CONSTRAINT "project_notes_project_id_advisor_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."advisor_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_notes" ADD CONSTRAINT "project_notes_author_id_staff_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_projects_created_idx" ON "advisor_projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "advisor_projects_status_idx" ON "advisor_projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "project_notes_project_idx" ON "project_notes" USING btree ("project_id","created_at");