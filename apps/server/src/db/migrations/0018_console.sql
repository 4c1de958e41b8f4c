ALTER TABLE "models" ADD COLUMN "source" text DEFAULT 'env' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "sent_by" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_payload" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_payload" jsonb;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_deleted_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_vip_idx" ON "users" USING btree ("vip_expires_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "bots_featured_idx" ON "bots" USING btree ("featured_sort","id") WHERE "bots"."featured";--> statement-breakpoint
CREATE INDEX "bots_discover_pinned_idx" ON "bots" USING btree ("discover_sort","id") WHERE "bots"."discover_pinned";--> statement-breakpoint
CREATE INDEX "conversations_created_idx" ON "conversations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_replies_idx" ON "messages" USING btree ("created_at") WHERE "messages"."role" = 'assistant' and "messages"."status" = 'complete';--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "feedback_handled_idx" ON "feedback" USING btree ("handled_at") WHERE "feedback"."handled_at" is not null;--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chip_ledger_chat_idx" ON "chip_ledger" USING btree ("created_at","delta") WHERE "chip_ledger"."reason" = 'chat';--> statement-breakpoint
CREATE INDEX "orders_fulfilled_idx" ON "orders" USING btree ("fulfilled_at","amount_fen") WHERE "orders"."fulfilled_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_transaction_idx" ON "orders" USING btree ("transaction_id");