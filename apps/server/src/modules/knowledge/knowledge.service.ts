import {
  ErrorCode,
  type HitTestResult,
  type KnowledgeBaseList,
  type KnowledgeLimits,
  type RetrievedPassage,
  UPLOAD_RULES,
} from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { Embedder } from '../../platform/llm/embeddings.js';
import type { BotsService } from '../bots/bots.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { deleteIndex, detectVectorColumn } from './index.repository.js';
import { presentBase, presentOption } from './knowledge.presenter.js';
import { knowledgeRepository as repo } from './knowledge.repository.js';
import { Retriever } from './retrieval.js';

/** Who is asking: the session's user and whether they are a VIP now. */
export type KnowledgeUser = { id: number; vipExpiresAt: Date | null };
/** A base's settings as the route has validated them (knowledgeBaseInput, defaults applied). */
export type BaseInput = { name: string; description: string; cover: string };

export const baseNotFound = () => AppError.notFound('知识库不存在');
export const fieldError = (field: string, message: string) =>
  AppError.badRequest(message, { field, issues: [{ field, message }] });
export const limitReached = (message: string, limit: number) =>
  new AppError(ErrorCode.LIMIT_REACHED, message, { limit });

/** "10MB", "1.5MB", "800KB": a size in words a user reads at a glance. */
export function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** Passages a reply asks for (the prompt takes those that fit its budget), and the longest query it sends. */
const REPLY_TOP_K = 5;
const REPLY_QUERY_MAX = 500;

/** Images a user may put on a base as its cover: uploaded for a bot's avatar or for a post. */
const COVER_PURPOSES = ['bot_avatar', 'post_image'] as const;

/**
 * Knowledge bases: the user's own, with limits (larger for VIP), and retrieval over them for the hit test and
 * for the bots they are attached to. Documents are documents.service.ts; their processing is ingestion.ts.
 */
export class KnowledgeService {
  private retriever: Retriever | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      settings: SettingsService;
      uploads: UploadsService;
      bots: BotsService;
      embedder?: Embedder;
    },
  ) {}

  /** Finds out how this database stores vectors (pgvector, or real[] where PostgreSQL lacks it). */
  async bootstrap() {
    this.retriever = new Retriever(this.ctx.db, { vectorColumn: await detectVectorColumn(this.ctx.db) });
  }

  isVip(user: KnowledgeUser) {
    return !!user.vipExpiresAt && user.vipExpiresAt > this.ctx.clock.now();
  }

  async limits(user: KnowledgeUser): Promise<KnowledgeLimits> {
    const r = await this.deps.settings.rules();
    const vip = this.isVip(user);
    const pick = (normal: number, more: number) => (vip ? more : normal);
    return {
      max_bases: pick(r.knowledge_base_limit, r.knowledge_base_limit_vip),
      max_documents_per_base: pick(r.knowledge_documents_per_base, r.knowledge_documents_per_base_vip),
      // Never above what an upload of a document may be.
      max_document_bytes: Math.min(
        pick(r.knowledge_document_bytes, r.knowledge_document_bytes_vip),
        UPLOAD_RULES.knowledge_doc.maxBytes,
      ),
      max_total_bytes: pick(r.knowledge_total_bytes, r.knowledge_total_bytes_vip),
      vip,
    };
  }

  async list(user: KnowledgeUser): Promise<KnowledgeBaseList> {
    const [rows, limits] = await Promise.all([repo.basesWithCounts(this.ctx.db, user.id), this.limits(user)]);
    return {
      list: rows.map(presentBase),
      usage: { bases: rows.length, bytes: rows.reduce((n, b) => n + b.bytes, 0) },
      limits,
    };
  }

  async options(userId: number) {
    return (await repo.options(this.ctx.db, userId)).map(presentOption);
  }

  /** The user's base, or "not found" (someone else's base reads as missing). */
  async ownBase(userId: number, id: number) {
    const row = await repo.ownBase(this.ctx.db, userId, id);
    if (!row) throw baseNotFound();
    return row;
  }

  /** Which of `ids` are the user's bases (the bot editor attaches only those). */
  ownBaseIds(userId: number, ids: number[]) {
    return repo.ownBaseIds(this.ctx.db, userId, ids);
  }

  async get(userId: number, id: number) {
    const [row] = await repo.basesWithCounts(this.ctx.db, userId, [id]);
    if (!row) throw baseNotFound();
    return presentBase(row);
  }

  /** '' (the default cover) or an image the user uploaded; `current` stays acceptable as it is. */
  private async coverOf(userId: number, url: string, current?: string) {
    if (!url || url === current) return url;
    for (const purpose of COVER_PURPOSES) {
      const own = await this.deps.uploads.ownImageUrl(userId, url, purpose, 'cover').catch(() => null);
      if (own?.startsWith('/media/u/')) return own;
    }
    throw fieldError('cover', '请上传自己的图片作为封面');
  }

  async create(user: KnowledgeUser, input: BaseInput) {
    const cover = await this.coverOf(user.id, input.cover);
    const { max_bases: limit, vip } = await this.limits(user);
    const now = this.ctx.clock.now();
    const id = await this.ctx.db.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      if ((await repo.countBases(tx, user.id)) >= limit) {
        const more = vip ? '' : '，开通会员可创建更多';
        throw limitReached(`最多可创建${limit}个知识库${more}`, limit);
      }
      return repo.insertBase(tx, {
        userId: user.id,
        name: input.name,
        description: input.description,
        cover,
        createdAt: now,
        updatedAt: now,
      });
    });
    return this.get(user.id, id);
  }

  async update(userId: number, id: number, input: BaseInput) {
    const before = await this.ownBase(userId, id);
    const cover = await this.coverOf(userId, input.cover, before.cover);
    await repo.updateBase(this.ctx.db, id, {
      name: input.name,
      description: input.description,
      cover,
      updatedAt: this.ctx.clock.now(),
    });
    return this.get(userId, id);
  }

  /**
   * Deletes a base: its passages and vectors (in short statements, see deleteIndex), then the base with its
   * documents, taken off the owner's bots, in one transaction; then the documents' uploaded files. A job of
   * one of its documents finds nothing to do.
   */
  async remove(userId: number, id: number) {
    if (!(await repo.ownBase(this.ctx.db, userId, id))) throw baseNotFound();
    await deleteIndex(this.ctx.db, { knowledgeBaseId: id });
    const uploadIds = await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.ownBase(tx, userId, id, true))) throw baseNotFound();
      const uploads = await repo.uploadIdsOfBase(tx, id);
      await repo.deleteBase(tx, id);
      await this.deps.bots.detachKnowledgeBase(tx, userId, id);
      return uploads;
    });
    for (const uploadId of uploadIds) await this.removeUpload(userId, uploadId);
  }

  /** A document's file, once the document is gone; a failure only leaves an orphaned file behind. */
  async removeUpload(userId: number, uploadId: number) {
    await this.deps.uploads
      .remove(userId, uploadId)
      .catch((err: unknown) => this.ctx.log.warn({ err, uploadId }, 'a knowledge file was not deleted'));
  }

  async hitTest(userId: number, id: number, q: { query: string; top_k: number }): Promise<HitTestResult> {
    await this.ownBase(userId, id);
    const started = performance.now();
    const { mode, passages } = await this.search([id], q.query, q.top_k);
    return { list: passages, mode, took_ms: Math.round((performance.now() - started) * 10) / 10 };
  }

  /**
   * Passages for a bot's reply: retrieval over those of the bot's bases that its owner still has (a bot's users
   * get the passages in the prompt and as citations, never the documents). Never throws: without its
   * knowledge, the reply still goes out.
   */
  async forReply(ownerId: number | null, ids: number[], question: string): Promise<RetrievedPassage[]> {
    const query = question.trim().slice(0, REPLY_QUERY_MAX);
    if (!ownerId || !ids.length || !query) return [];
    try {
      const own = await repo.ownBaseIds(this.ctx.db, ownerId, ids);
      return own.length ? (await this.search(own, query, REPLY_TOP_K)).passages : [];
    } catch (err) {
      this.ctx.log.warn({ err, ownerId }, 'knowledge retrieval for a reply failed');
      return [];
    }
  }

  /**
   * The best passages for a query over some bases (already known to be allowed): hybrid when an embedding
   * model is configured and answers, lexical otherwise; a failing embedding model never fails the search.
   */
  async search(
    knowledgeBaseIds: number[],
    query: string,
    topK: number,
  ): Promise<{ mode: 'hybrid' | 'lexical'; passages: RetrievedPassage[] }> {
    if (!this.retriever) throw new Error('KnowledgeService.bootstrap() was not called');
    const embedder = this.deps.embedder;
    let queryVector: { model: string; vector: number[] } | undefined;
    if (embedder) {
      try {
        const [vector] = await embedder.embed([query]);
        queryVector = { model: embedder.model, vector: vector! };
      } catch (err) {
        this.ctx.log.warn({ err, model: embedder.model }, 'query embedding failed; lexical retrieval only');
      }
    }
    return this.retriever.search({ knowledgeBaseIds, query, topK, queryVector });
  }
}
