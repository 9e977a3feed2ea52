CREATE TABLE "order_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_type" text NOT NULL,
	"order_id" uuid NOT NULL,
	"fulfiller" text NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"answer" text,
	"detail" jsonb,
	"actor_username" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "order_steps_order_idx" ON "order_steps" USING btree ("order_type","order_id","id");