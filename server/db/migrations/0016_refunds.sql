ALTER TABLE "payment_transactions" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "deposit_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_one_refund_idx" ON "payment_transactions" USING btree ("refund_of") WHERE "payment_transactions"."kind" = 'refund' and "payment_transactions"."status" <> 'FAILED';