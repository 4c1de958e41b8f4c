CREATE TABLE "deleted_account_phones" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
