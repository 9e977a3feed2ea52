CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"source" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"applied" integer DEFAULT 0 NOT NULL,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"flow" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"phone_number" text NOT NULL,
	"provider" text,
	"provider_transaction_id" text,
	"description" text,
	"failure_code" text,
	"failure_message" text,
	"mode" text NOT NULL,
	"order_type" text,
	"order_ref" text,
	"created_by" uuid,
	"ip_address" text,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"return_url" text,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"phone_number" text NOT NULL,
	"provider" text NOT NULL,
	"customer_message" text,
	"provider_transaction_id" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_transaction_idx" ON "payment_events" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE INDEX "payment_transactions_created_idx" ON "payment_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_next_check_idx" ON "payment_transactions" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_type","order_ref");