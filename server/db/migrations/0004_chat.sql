CREATE TABLE "chat_agent_presence" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'away' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"event" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"agent_id" uuid,
	"agent_name" text,
	"links" jsonb,
	"client_message_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"state" text DEFAULT 'ai' NOT NULL,
	"assigned_agent_id" uuid,
	"assigned_agent_name" text,
	"client_name" text,
	"wait_deadline" timestamp with time zone,
	"awaiting_email" timestamp with time zone,
	"poll_prompt" text,
	"poll_source" text,
	"summary" text DEFAULT '' NOT NULL,
	"enquiry_id" uuid,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_agent_presence" ADD CONSTRAINT "chat_agent_presence_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_agent_id_staff_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_assigned_agent_id_staff_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_events_session_idx" ON "chat_events" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_session_idx" ON "chat_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id_idx" ON "chat_messages" USING btree ("session_id","client_message_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_state_idx" ON "chat_sessions" USING btree ("state","wait_deadline");--> statement-breakpoint
CREATE INDEX "chat_sessions_agent_idx" ON "chat_sessions" USING btree ("assigned_agent_id","state");--> statement-breakpoint
CREATE INDEX "chat_sessions_last_message_idx" ON "chat_sessions" USING btree ("last_message_at");