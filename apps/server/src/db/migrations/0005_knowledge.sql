CREATE TABLE "knowledge_bases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_bases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"knowledge_base_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"upload_id" bigint,
	"body" text,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"chars" integer DEFAULT 0 NOT NULL,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_passages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_passages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"knowledge_base_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"terms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_postings" (
	"knowledge_base_id" bigint NOT NULL,
	"term" text NOT NULL,
	"passage_id" bigint NOT NULL,
	"tf" smallint NOT NULL,
	CONSTRAINT "knowledge_postings_knowledge_base_id_term_passage_id_pk" PRIMARY KEY("knowledge_base_id","term","passage_id")
);
--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD CONSTRAINT "knowledge_bases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD CONSTRAINT "knowledge_documents_knowledge_base_id_knowledge_bases_id_fk" FOREIGN KEY ("knowledge_base_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD CONSTRAINT "knowledge_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD CONSTRAINT "knowledge_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_knowledge_base_id_knowledge_bases_id_fk" FOREIGN KEY ("knowledge_base_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_document_id_knowledge_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."knowledge_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_postings" ADD CONSTRAINT "knowledge_postings_passage_id_knowledge_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."knowledge_passages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_bases_user_idx" ON "knowledge_bases" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "knowledge_documents_base_idx" ON "knowledge_documents" USING btree ("knowledge_base_id","id");--> statement-breakpoint
CREATE INDEX "knowledge_passages_document_idx" ON "knowledge_passages" USING btree ("document_id","seq");--> statement-breakpoint
CREATE INDEX "knowledge_passages_base_idx" ON "knowledge_passages" USING btree ("knowledge_base_id");--> statement-breakpoint
CREATE INDEX "knowledge_postings_passage_idx" ON "knowledge_postings" USING btree ("passage_id");--> statement-breakpoint
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS vector;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pgvector is not available: embeddings are stored as real[]';
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    EXECUTE 'CREATE TABLE "knowledge_embeddings" ("passage_id" bigint PRIMARY KEY REFERENCES "knowledge_passages"("id") ON DELETE cascade, "knowledge_base_id" bigint NOT NULL, "model" text NOT NULL, "embedding" vector NOT NULL)';
  ELSE
    EXECUTE 'CREATE TABLE "knowledge_embeddings" ("passage_id" bigint PRIMARY KEY REFERENCES "knowledge_passages"("id") ON DELETE cascade, "knowledge_base_id" bigint NOT NULL, "model" text NOT NULL, "embedding" real[] NOT NULL)';
  END IF;
  CREATE INDEX "knowledge_embeddings_base_idx" ON "knowledge_embeddings" ("knowledge_base_id");
END
$$;
