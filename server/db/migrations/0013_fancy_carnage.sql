ALTER TABLE "domain_orders" ADD COLUMN "registry_wait" text;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;