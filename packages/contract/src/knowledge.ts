import { z } from 'zod';
import { cursorQuery } from './envelope.js';

/** Knowledge bases (docs/product.md, Knowledge). Routes live under /api/v1/knowledge. */
export const KNOWLEDGE_NAME_MAX = 30;
export const KNOWLEDGE_DESCRIPTION_MAX = 200;
/** A pasted text document: its title and its body. */
export const KNOWLEDGE_TEXT_TITLE_MAX = 60;
export const KNOWLEDGE_TEXT_MAX = 100_000;
export const HIT_TEST_QUERY_MAX = 200;
/** How many passages a hit test or a chat reply may ask for. */
const HIT_TEST_TOP_K_MAX = 20;

const documentStatus = z.enum(['pending', 'processing', 'ready', 'failed']);
export type DocumentStatus = z.infer<typeof documentStatus>;

/** What a user may still add: per user (bases, total bytes) and per document; larger for VIP. */
const knowledgeLimits = z.object({
  max_bases: z.number().int(),
  max_documents_per_base: z.number().int(),
  max_document_bytes: z.number().int(),
  max_total_bytes: z.number().int(),
  vip: z.boolean(),
});
export type KnowledgeLimits = z.infer<typeof knowledgeLimits>;

export const knowledgeBase = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** An uploaded image URL (`/media/u/...`) or '' for the default cover. */
  cover: z.string(),
  document_count: z.number().int(),
  /** Documents not yet ready (pending or processing): the list polls while this is above 0. */
  processing_count: z.number().int(),
  passage_count: z.number().int(),
  /** Total size of the documents' source text or files, in bytes. */
  bytes: z.number().int(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type KnowledgeBase = z.infer<typeof knowledgeBase>;

/** GET /api/v1/knowledge: every base of the user, newest change first, with the user's usage and limits. */
export const knowledgeBaseList = z.object({
  list: z.array(knowledgeBase),
  usage: z.object({ bases: z.number().int(), bytes: z.number().int() }),
  limits: knowledgeLimits,
});
export type KnowledgeBaseList = z.infer<typeof knowledgeBaseList>;

export const knowledgeIdParams = z.object({
  id: z.coerce.number({ error: '知识库ID不正确' }).int('知识库ID不正确').positive('知识库ID不正确'),
});
export const knowledgeDocumentParams = knowledgeIdParams.extend({
  docId: z.coerce.number({ error: '文档ID不正确' }).int('文档ID不正确').positive('文档ID不正确'),
});

/** POST /api/v1/knowledge (create), PUT /api/v1/knowledge/{id} (edit). */
export const knowledgeBaseInput = z.object({
  name: z
    .string({ error: '请输入知识库名称' })
    .trim()
    .min(1, '请输入知识库名称')
    .max(KNOWLEDGE_NAME_MAX, `名称最多${KNOWLEDGE_NAME_MAX}个字`),
  description: z
    .string()
    .trim()
    .max(KNOWLEDGE_DESCRIPTION_MAX, `简介最多${KNOWLEDGE_DESCRIPTION_MAX}个字`)
    .default(''),
  /** '' for the default cover, or an image the user uploaded (`/media/u/...`). */
  cover: z.string().max(500, '封面地址过长').default(''),
});
export type KnowledgeBaseInput = z.input<typeof knowledgeBaseInput>;

export const knowledgeDocument = z.object({
  id: z.number().int(),
  knowledge_base_id: z.number().int(),
  name: z.string(),
  /** upload: a file (txt, md, pdf, docx); text: pasted text. */
  source: z.enum(['upload', 'text']),
  mime: z.string(),
  bytes: z.number().int(),
  /** Characters of text read from it (0 until processed). */
  chars: z.number().int(),
  passage_count: z.number().int(),
  status: documentStatus,
  /** Why it failed (shown as it is), or a note while a retry is waiting; null otherwise. */
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocument>;

/** GET /api/v1/knowledge/{id}/document: newest first. */
export const knowledgeDocumentListQuery = cursorQuery;
export type KnowledgeDocumentListQuery = z.input<typeof knowledgeDocumentListQuery>;

/** POST /api/v1/knowledge/{id}/document: a file uploaded with purpose `knowledge_doc`. */
export const addUploadDocumentBody = z.object({
  upload_id: z.number({ error: '请先上传文件' }).int('上传编号不正确').positive('上传编号不正确'),
});
export type AddUploadDocumentBody = z.input<typeof addUploadDocumentBody>;

/** POST /api/v1/knowledge/{id}/document/text: pasted text. */
export const addTextDocumentBody = z.object({
  title: z
    .string({ error: '请输入标题' })
    .trim()
    .min(1, '请输入标题')
    .max(KNOWLEDGE_TEXT_TITLE_MAX, `标题最多${KNOWLEDGE_TEXT_TITLE_MAX}个字`),
  content: z
    .string({ error: '请输入文本内容' })
    .trim()
    .min(1, '请输入文本内容')
    .max(KNOWLEDGE_TEXT_MAX, `文本最多${KNOWLEDGE_TEXT_MAX}个字`),
});
export type AddTextDocumentBody = z.input<typeof addTextDocumentBody>;

/** POST /api/v1/knowledge/{id}/hit-test */
export const hitTestBody = z.object({
  query: z
    .string({ error: '请输入要测试的问题' })
    .trim()
    .min(1, '请输入要测试的问题')
    .max(HIT_TEST_QUERY_MAX, `问题最多${HIT_TEST_QUERY_MAX}个字`),
  top_k: z
    .number()
    .int()
    .min(1, '返回条数至少为1')
    .max(HIT_TEST_TOP_K_MAX, `返回条数最多为${HIT_TEST_TOP_K_MAX}`)
    .default(5),
});
export type HitTestBody = z.input<typeof hitTestBody>;

const retrievedPassage = z.object({
  passage_id: z.number().int(),
  document_id: z.number().int(),
  document: z.string(),
  /** The heading path the passage sits under ('' when none). */
  heading: z.string(),
  content: z.string(),
  /** The fused score (higher is better); lexical/vector: each ranking's own score, null when absent. */
  score: z.number(),
  lexical_score: z.number().nullable(),
  vector_score: z.number().nullable(),
});
export type RetrievedPassage = z.infer<typeof retrievedPassage>;

export const hitTestResult = z.object({
  list: z.array(retrievedPassage),
  /** hybrid: lexical and vector rankings fused; lexical: no embedding model configured. */
  mode: z.enum(['hybrid', 'lexical']),
  took_ms: z.number(),
});
export type HitTestResult = z.infer<typeof hitTestResult>;

/** GET /api/v1/knowledge/options: the user's bases for the bot editor's picker (ready ones first). */
export const knowledgeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  document_count: z.number().int(),
});
export type KnowledgeOption = z.infer<typeof knowledgeOption>;
