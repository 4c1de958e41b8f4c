import type { RetrievedPassage } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { Embedder } from '../../platform/llm/embeddings.js';
import { type EntitlementsService, limitReached } from '../account/entitlements.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { deleteIndex, detectVectorColumn } from './index.repository.js';
import { knowledgeRepository as repo } from './knowledge.repository.js';
import { Retriever } from './retrieval.js';

/** A base's settings as the route has validated them (knowledgeBaseInput, defaults applied). */
export type BaseInput = { name: string; description: string; cover: string };
/**
 * Runs inside the transaction that deletes a base, after its rows are gone: what else pointed at it lets go
 * (the owner's bots, registered where the modules are wired). A hook that throws rolls the deletion back.
 */
export type BaseDeletedHook = (tx: Executor, ownerId: number, baseId: number) => Promise<unknown>;

export const baseNotFound = () => AppError.notFound('知识库不存在');
export const fieldError = (field: string, message: string) =>
  AppError.badRequest(message, { field, issues: [{ field, message }] });

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
  private readonly baseDeleted: BaseDeletedHook[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      entitlements: EntitlementsService;
      uploads: UploadsService;
      embedder?: Embedder;
    },
  ) {}

  onBaseDeleted(hook: BaseDeletedHook) {
    this.baseDeleted.push(hook);
  }

  /** Finds out how this database stores vectors (pgvector, or real[] where PostgreSQL lacks it). */
  async bootstrap() {
    this.retriever = new Retriever(this.ctx.db, { vectorColumn: await detectVectorColumn(this.ctx.db) });
  }

  /** The user's bases with their counts, and what the user may have (the limits shown beside them). */
  async list(user: AuthUser) {
    const [rows, entitlements] = await Promise.all([
      repo.basesWithCounts(this.ctx.db, user.id),
      this.deps.entitlements.of(user),
    ]);
    return { rows, entitlements };
  }

  options(userId: number) {
    return repo.options(this.ctx.db, userId);
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
    return row;
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

  async create(user: AuthUser, input: BaseInput) {
    const cover = await this.coverOf(user.id, input.cover);
    const entitlements = await this.deps.entitlements.of(user);
    const limit = entitlements.limits.knowledgeBases;
    const now = this.ctx.clock.now();
    const id = await this.ctx.db.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      if ((await repo.countBases(tx, user.id)) >= limit) {
        throw limitReached(entitlements, limit, `最多可创建${limit}个知识库`, '创建更多');
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
      for (const hook of this.baseDeleted) await hook(tx, userId, id);
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

  async hitTest(userId: number, id: number, q: { query: string; top_k: number }) {
    await this.ownBase(userId, id);
    const started = performance.now();
    const { mode, passages } = await this.search([id], q.query, q.top_k);
    return { passages, mode, tookMs: Math.round((performance.now() - started) * 10) / 10 };
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
