CREATE TABLE "vps_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"body" text,
	"actor_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vps_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"access_token" text NOT NULL,
	"status" text NOT NULL,
	"plan_id" text NOT NULL,
	"plan" jsonb NOT NULL,
	"location_id" text NOT NULL,
	"image_id" text NOT NULL,
	"period_months" integer NOT NULL,
	"addons" jsonb NOT NULL,
	"currency" text NOT NULL,
	"amount" text NOT NULL,
	"quote" jsonb NOT NULL,
	"hostname" text NOT NULL,
	"access_method" text NOT NULL,
	"ssh_public_key" text,
	"customer_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"server_ip" text,
	"server_username" text,
	"credentials_ciphertext" text,
	"credentials_revealed_at" timestamp with time zone,
	"provisioner" text,
	"payment_transaction_id" uuid,
	"paid_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vps_price_overrides" (
	"item_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"monthly" jsonb NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vps_order_events" ADD CONSTRAINT "vps_order_events_order_id_vps_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."vps_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vps_order_events_order_idx" ON "vps_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vps_orders_access_token_idx" ON "vps_orders" USING btree ("access_token");--> statement-breakpoint
CREATE UNIQUE INDEX "vps_orders_reference_idx" ON "vps_orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "vps_orders_status_idx" ON "vps_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vps_orders_expires_idx" ON "vps_orders" USING btree ("expires_at");