ALTER TABLE "chat_sessions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;