CREATE TABLE "chat_handovers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"outcome" text DEFAULT 'waiting' NOT NULL,
	"agent_id" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"first_response_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "source" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_handovers" ADD CONSTRAINT "chat_handovers_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_handovers" ADD CONSTRAINT "chat_handovers_agent_id_staff_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_handovers_session_idx" ON "chat_handovers" USING btree ("session_id","requested_at");--> statement-breakpoint
CREATE INDEX "chat_handovers_requested_idx" ON "chat_handovers" USING btree ("requested_at");--> statement-breakpoint
-- Enquiries taken before sources were recorded: read the channel from what links to them.
UPDATE "contact_enquiries" SET "source" = 'analysis' WHERE "analysis_report_id" IS NOT NULL;--> statement-breakpoint
UPDATE "contact_enquiries" SET "source" = 'chat' WHERE "id" IN (SELECT "enquiry_id" FROM "chat_sessions" WHERE "enquiry_id" IS NOT NULL);--> statement-breakpoint
UPDATE "contact_enquiries" SET "source" = 'advisor' WHERE "id" IN (SELECT "enquiry_id" FROM "advisor_projects" WHERE "enquiry_id" IS NOT NULL);
