ALTER TABLE "vps_orders" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD COLUMN "provision_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD COLUMN "provision_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD COLUMN "provision_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "vps_orders_provision_due_idx" ON "vps_orders" USING btree ("provision_due_at");