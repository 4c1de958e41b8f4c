import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { id, ref, ts } from './columns.js';
import { uploads } from './uploads.js';

/**
 * A user's knowledge base. Its counts (documents, passages, bytes) are aggregated from its documents when read,
 * so they are never out of step with them.
 */
export const knowledgeBases = pgTable(
  'knowledge_bases',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('knowledge_bases_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * A document of a knowledge base: an uploaded file or pasted text. `status` is the truth the UI shows:
 * pending (a job is queued or waiting to retry) → processing → ready | failed (with `error`). `revision` goes up
 * on every re-process, so a job of an older revision never overwrites a newer one.
 */
export const knowledgeDocuments = pgTable(
  'knowledge_documents',
  {
    id: id(),
    knowledgeBaseId: ref('knowledge_base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    source: text('source', { enum: ['upload', 'text'] }).notNull(),
    uploadId: ref('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Pasted text (source = text); an upload's text is read from its file by the ingestion job. */
    body: text('body'),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    chars: integer('chars').notNull().default(0),
    passageCount: integer('passage_count').notNull().default(0),
    status: text('status', { enum: ['pending', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    revision: integer('revision').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('knowledge_documents_base_idx').on(t.knowledgeBaseId, t.id)],
);

/** A passage of a document: bounded size, with its heading path; `terms` is its length for BM25. */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: id(),
    knowledgeBaseId: ref('knowledge_base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    documentId: ref('document_id')
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    heading: text('heading').notNull().default(''),
    content: text('content').notNull(),
    terms: integer('terms').notNull(),
  },
  (t) => [
    index('knowledge_passages_document_idx').on(t.documentId, t.seq),
    index('knowledge_passages_base_idx').on(t.knowledgeBaseId),
  ],
);

/**
 * The lexical index: one row per (base, term, passage) with the term's frequency in the passage. Terms are
 * segmented by jieba from simplified-Chinese, case-folded text, so traditional and simplified text meet.
 */
export const knowledgePostings = pgTable(
  'knowledge_postings',
  {
    knowledgeBaseId: ref('knowledge_base_id').notNull(),
    term: text('term').notNull(),
    passageId: ref('passage_id')
      .notNull()
      .references(() => knowledgePassages.id, { onDelete: 'cascade' }),
    tf: smallint('tf').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.knowledgeBaseId, t.term, t.passageId] }),
    index('knowledge_postings_passage_idx').on(t.passageId),
  ],
);

// knowledge_embeddings (passage_id, knowledge_base_id, model, embedding) is created by migration 0005 by hand:
// `embedding` is pgvector's `vector` where the extension exists (always on PGlite), else `real[]`.
