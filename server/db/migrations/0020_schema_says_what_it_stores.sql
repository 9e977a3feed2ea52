-- Money becomes numeric (the cast keeps each stored decimal string's digits and scale: "12.50" stays
-- "12.50"; a value that is not a number stops the whole migration, naming it, and nothing changes).
-- Every new constraint is added NOT VALID: it holds for every row written from now on, whatever the
-- rows already stored hold, so the migration never fails on old data. The block at the end then
-- validates each one the stored rows satisfy; one they do not stays NOT VALID (still enforced on
-- writes) and a WARNING names it. See docs/decisions/0034-schema-constraints.md.
ALTER TABLE "domain_currency_rates" ALTER COLUMN "per_usd" SET DATA TYPE numeric USING "per_usd"::numeric;--> statement-breakpoint
ALTER TABLE "domain_orders" ALTER COLUMN "amount" SET DATA TYPE numeric USING "amount"::numeric;--> statement-breakpoint
ALTER TABLE "domain_tld_prices" ALTER COLUMN "register" SET DATA TYPE numeric USING "register"::numeric;--> statement-breakpoint
ALTER TABLE "domain_tld_prices" ALTER COLUMN "renew" SET DATA TYPE numeric USING "renew"::numeric;--> statement-breakpoint
ALTER TABLE "domain_tld_prices" ALTER COLUMN "transfer" SET DATA TYPE numeric USING "transfer"::numeric;--> statement-breakpoint
ALTER TABLE "payment_transactions" ALTER COLUMN "amount" SET DATA TYPE numeric USING "amount"::numeric;--> statement-breakpoint
ALTER TABLE "renewal_orders" ALTER COLUMN "amount" SET DATA TYPE numeric USING "amount"::numeric;--> statement-breakpoint
ALTER TABLE "vps_orders" ALTER COLUMN "amount" SET DATA TYPE numeric USING "amount"::numeric;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_enquiry_id_contact_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_enquiries"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_payment_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_refund_of_payment_transactions_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_payment_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD CONSTRAINT "vps_orders_payment_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "order_steps" ADD CONSTRAINT "order_steps_status_check" CHECK ("order_steps"."status" in ('running', 'succeeded', 'failed', 'manual')) NOT VALID;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('admin', 'agent')) NOT VALID;--> statement-breakpoint
ALTER TABLE "customer_deletion_requests" ADD CONSTRAINT "customer_deletion_requests_language_check" CHECK ("customer_deletion_requests"."language" in ('en', 'fr', 'sw', 'rw')) NOT VALID;--> statement-breakpoint
ALTER TABLE "advisor_projects" ADD CONSTRAINT "advisor_projects_status_check" CHECK ("advisor_projects"."status" in ('new', 'contacted', 'proposal-sent', 'won', 'lost')) NOT VALID;--> statement-breakpoint
ALTER TABLE "analysis_reports" ADD CONSTRAINT "analysis_reports_kind_check" CHECK ("analysis_reports"."kind" in ('speed', 'seo', 'security')) NOT VALID;--> statement-breakpoint
ALTER TABLE "chat_agent_presence" ADD CONSTRAINT "chat_agent_presence_status_check" CHECK ("chat_agent_presence"."status" in ('online', 'away')) NOT VALID;--> statement-breakpoint
ALTER TABLE "chat_handovers" ADD CONSTRAINT "chat_handovers_outcome_check" CHECK ("chat_handovers"."outcome" in ('accepted', 'timed_out', 'cancelled', 'unavailable', 'waiting')) NOT VALID;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_role_check" CHECK ("chat_messages"."role" in ('user', 'assistant', 'agent', 'system')) NOT VALID;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_state_check" CHECK ("chat_sessions"."state" in ('ai', 'waiting', 'agent')) NOT VALID;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_poll_source_check" CHECK ("chat_sessions"."poll_source" in ('assistant', 'agent')) NOT VALID;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_language_check" CHECK ("chat_sessions"."language" in ('en', 'fr', 'sw', 'rw')) NOT VALID;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_status_check" CHECK ("contact_enquiries"."status" in ('new', 'contacted', 'qualified', 'won', 'lost')) NOT VALID;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_source_check" CHECK ("contact_enquiries"."source" in ('form', 'chat', 'advisor', 'analysis')) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_currency_rates" ADD CONSTRAINT "domain_currency_rates_per_usd_positive" CHECK ("domain_currency_rates"."per_usd" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_order_events" ADD CONSTRAINT "domain_order_events_kind_check" CHECK ("domain_order_events"."kind" in ('status', 'note')) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_status_check" CHECK ("domain_orders"."status" in ('pending_payment', 'paid', 'registered', 'needs_refund', 'refunded', 'cancelled')) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_language_check" CHECK ("domain_orders"."language" in ('en', 'fr', 'sw', 'rw')) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_recheck_state_check" CHECK ("domain_orders"."recheck_state" in ('available', 'registered', 'unknown')) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_registry_wait_check" CHECK ("domain_orders"."registry_wait" in ('registry', 'pending')) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_amount_positive" CHECK ("domain_orders"."amount" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_tld_prices" ADD CONSTRAINT "domain_tld_prices_register_positive" CHECK ("domain_tld_prices"."register" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_tld_prices" ADD CONSTRAINT "domain_tld_prices_renew_positive" CHECK ("domain_tld_prices"."renew" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "domain_tld_prices" ADD CONSTRAINT "domain_tld_prices_transfer_positive" CHECK ("domain_tld_prices"."transfer" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_status_check" CHECK ("outbox_emails"."status" in ('pending', 'sent', 'failed')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_applied_flag" CHECK ("payment_events"."applied" in (0, 1)) NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_kind_check" CHECK ("payment_transactions"."kind" in ('deposit', 'payout', 'refund')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_flow_check" CHECK ("payment_transactions"."flow" in ('payment_page', 'direct')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_status_check" CHECK ("payment_transactions"."status" in ('PAYMENT_INITIATED', 'ACCEPTED', 'PENDING', 'TIMEOUT', 'COMPLETED', 'FAILED')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_mode_check" CHECK ("payment_transactions"."mode" in ('live', 'test')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_language_check" CHECK ("payment_transactions"."language" in ('en', 'fr', 'sw', 'rw')) NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_amount_positive" CHECK ("payment_transactions"."amount" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "renewal_notices" ADD CONSTRAINT "renewal_notices_target_kind_check" CHECK ("renewal_notices"."target_kind" in ('domain', 'vps')) NOT VALID;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_target_kind_check" CHECK ("renewal_orders"."target_kind" in ('domain', 'vps')) NOT VALID;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_status_check" CHECK ("renewal_orders"."status" in ('pending_payment', 'paid', 'with_staff', 'completed', 'failed', 'refunded')) NOT VALID;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_language_check" CHECK ("renewal_orders"."language" in ('en', 'fr', 'sw', 'rw')) NOT VALID;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_amount_positive" CHECK ("renewal_orders"."amount" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "vps_order_events" ADD CONSTRAINT "vps_order_events_kind_check" CHECK ("vps_order_events"."kind" in ('status', 'note')) NOT VALID;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD CONSTRAINT "vps_orders_status_check" CHECK ("vps_orders"."status" in ('pending_payment', 'paid', 'provisioning', 'active', 'suspended', 'failed', 'refunded', 'cancelled')) NOT VALID;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD CONSTRAINT "vps_orders_access_method_check" CHECK ("vps_orders"."access_method" in ('ssh_key', 'password')) NOT VALID;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD CONSTRAINT "vps_orders_language_check" CHECK ("vps_orders"."language" in ('en', 'fr', 'sw', 'rw')) NOT VALID;--> statement-breakpoint
ALTER TABLE "vps_orders" ADD CONSTRAINT "vps_orders_amount_positive" CHECK ("vps_orders"."amount" > 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "vps_price_overrides" ADD CONSTRAINT "vps_price_overrides_kind_check" CHECK ("vps_price_overrides"."kind" in ('plan', 'addon')) NOT VALID;--> statement-breakpoint
ALTER TABLE "vps_price_overrides" ADD CONSTRAINT "vps_price_overrides_active_flag" CHECK ("vps_price_overrides"."active" in (0, 1)) NOT VALID;--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD CONSTRAINT "test_provider_payments_kind_check" CHECK ("test_provider_payments"."kind" in ('deposit', 'payout', 'refund')) NOT VALID;--> statement-breakpoint
DO $$
DECLARE
  pending record;
BEGIN
  FOR pending IN
    SELECT c.conrelid::regclass AS tbl, c.conname
      FROM pg_constraint c
     WHERE NOT c.convalidated AND c.connamespace = current_schema()::regnamespace
  LOOP
    BEGIN
      EXECUTE format('ALTER TABLE %s VALIDATE CONSTRAINT %I', pending.tbl, pending.conname);
    EXCEPTION WHEN check_violation OR foreign_key_violation THEN
      RAISE WARNING 'constraint % on % left NOT VALID (enforced on new writes only): %',
        pending.conname, pending.tbl, SQLERRM;
    END;
  END LOOP;
END $$;
