-- One reply at a time per conversation (modules/chat/reply.service.ts): a reply claims its conversation by
-- a conditional update that sets reply_ref (its chip hold's ref) and reply_lease (until when its process
-- vouches for it, renewed while it streams). A claim whose lease ran out belongs to a dead process: the next
-- claimer, or the sweeper, settles that reply as failed. The partial index serves the sweeper.
ALTER TABLE "conversations" ADD COLUMN "reply_ref" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "reply_lease" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_reply_lease_idx" ON "conversations" USING btree ("reply_lease") WHERE "conversations"."reply_ref" is not null;