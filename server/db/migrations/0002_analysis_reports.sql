CREATE TABLE "analysis_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"final_url" text NOT NULL,
	"status" integer NOT NULL,
	"score" integer NOT NULL,
	"grade" text,
	"result" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "analysis_report_id" text;--> statement-breakpoint
CREATE INDEX "analysis_reports_url_idx" ON "analysis_reports" USING btree ("kind","url","created_at");--> statement-breakpoint
CREATE INDEX "analysis_reports_host_idx" ON "analysis_reports" USING btree ("host","created_at");