CREATE TABLE "renewal_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"notice" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_label" text NOT NULL,
	"period" integer NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"currency" text NOT NULL,
	"amount" text NOT NULL,
	"status" text NOT NULL,
	"payment_transaction_id" uuid,
	"paid_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"new_expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_notices_once_idx" ON "renewal_notices" USING btree ("target_kind","target_id","expires_at","notice");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_orders_reference_idx" ON "renewal_orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "renewal_orders_target_idx" ON "renewal_orders" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "renewal_orders_status_idx" ON "renewal_orders" USING btree ("status");