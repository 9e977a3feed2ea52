ALTER TABLE "payment_transactions" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "language" text;--> statement-breakpoint
CREATE INDEX "payment_transactions_email_idx" ON "payment_transactions" USING btree (lower("email"));