ALTER TABLE "users" ADD COLUMN "chips_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_chips_held_non_negative" CHECK ("users"."chips_held" >= 0);