CREATE TABLE "domain_currency_rates" (
	"code" text PRIMARY KEY NOT NULL,
	"per_usd" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_order_events" (
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
CREATE TABLE "domain_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"access_token" text NOT NULL,
	"status" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"domain_name" text NOT NULL,
	"unicode_name" text NOT NULL,
	"tld" text NOT NULL,
	"years" integer NOT NULL,
	"nameservers" jsonb NOT NULL,
	"customer_name" text NOT NULL,
	"organisation" text,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"amount" text NOT NULL,
	"quote" jsonb NOT NULL,
	"payment_transaction_id" uuid,
	"paid_at" timestamp with time zone,
	"recheck_state" text,
	"rechecked_at" timestamp with time zone,
	"registrar" text,
	"registry_reference" text,
	"registered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_tld_prices" (
	"tld" text PRIMARY KEY NOT NULL,
	"register" text NOT NULL,
	"renew" text NOT NULL,
	"transfer" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_order_events" ADD CONSTRAINT "domain_order_events_order_id_domain_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."domain_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_order_events_order_idx" ON "domain_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_orders_access_token_idx" ON "domain_orders" USING btree ("access_token");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_orders_reference_idx" ON "domain_orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "domain_orders_status_idx" ON "domain_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "domain_orders_domain_idx" ON "domain_orders" USING btree ("domain_name");