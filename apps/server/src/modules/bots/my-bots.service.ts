import type { BotInputData } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { BotContent } from '../../db/schema/bots.js';
import { AVATAR_KINDS, isAvatarSeed } from '../../platform/avatars.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { decodeIdCursor } from '../../platform/http/cursor.js';
import { idPage } from '../../platform/http/page.js';
import { assertCleanFields, WordFilterCache } from '../../platform/moderation/index.js';
import { type EntitlementsService, limitReached } from '../account/entitlements.service.js';
import type { KnowledgeService } from '../knowledge/knowledge.service.js';
import type { ModelsService } from '../models/models.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { BotRow } from './bots.repository.js';
import type { BotsService } from './bots.service.js';
import { columnsOf, myBotsRepository as repo } from './my-bots.repository.js';

const GENERATED_AVATAR = /^\/media\/avatars\/([a-z]+)\/([^/]+)\.svg$/;
const notFound = () => AppError.notFound('智能体不存在或已删除');
const fieldError = (field: string, message: string) =>
  AppError.badRequest(message, { field, issues: [{ field, message }] });

export const contentOf = (b: BotInputData): BotContent => ({
  name: b.name,
  avatar: b.avatar,
  intro: b.intro,
  categoryId: b.category,
  tags: [...new Set(b.tags)],
  persona: b.persona,
  greeting: b.greeting,
  questions: b.questions,
  modelId: b.model_id,
  temperature: b.temperature,
  knowledgeBaseIds: b.knowledge_base_ids,
});

const liveOf = (b: BotRow): BotContent => ({ ...columnsOf(b) });
const sameContent = (a: BotContent, b: BotContent) =>
  JSON.stringify(columnsOf(a)) === JSON.stringify(columnsOf(b));

/**
 * Users' own bots: create, edit, delete, visibility. Publishing is reviewed (review.service.ts): a public bot
 * waits as `pending_review`; an edit of a published bot waits in `pending` while the live columns keep serving.
 */
export class MyBotsService {
  private readonly words = new WordFilterCache();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      bots: BotsService;
      models: ModelsService;
      settings: SettingsService;
      uploads: UploadsService;
      knowledge: KnowledgeService;
      entitlements: EntitlementsService;
    },
  ) {}

  /**
   * Every rule of a bot's settings that is not the shape of the form: words, knowledge bases, category, model,
   * avatar. `current` is an avatar already on the bot, which stays acceptable as it is.
   */
  async check(user: AuthUser, input: BotInputData, current?: string): Promise<BotContent> {
    const c = contentOf(input);
    c.knowledgeBaseIds = [...new Set(c.knowledgeBaseIds)];
    if (c.knowledgeBaseIds.length) {
      // Only the creator's own bases; anyone else's reads as missing.
      const own = new Set(await this.deps.knowledge.ownBaseIds(user.id, c.knowledgeBaseIds));
      if (c.knowledgeBaseIds.some((id) => !own.has(id)))
        throw fieldError('knowledge_base_ids', '知识库不存在');
    }
    await this.checkWords(c);
    const categories = await this.deps.bots.categories();
    if (!categories.some((cat) => cat.id === c.categoryId)) throw fieldError('category', '分类不存在');
    if (c.modelId) await this.deps.models.resolve(c.modelId, this.deps.entitlements.isVip(user));
    if (c.avatar !== current) c.avatar = await this.avatarOf(user.id, c.avatar);
    return c;
  }

  /** The sensitive-word check of every text field (the list is the `sensitive_words` setting). */
  async checkWords(c: Pick<BotContent, 'name' | 'intro' | 'tags' | 'persona' | 'greeting' | 'questions'>) {
    const filter = this.words.get((await this.deps.settings.rules()).sensitive_words);
    assertCleanFields(filter, [
      { field: 'name', label: '名称', value: c.name },
      { field: 'intro', label: '简介', value: c.intro },
      { field: 'tags', label: '标签', value: c.tags },
      { field: 'persona', label: '角色设定', value: c.persona },
      { field: 'greeting', label: '开场白', value: c.greeting },
      { field: 'questions', label: '推荐问题', value: c.questions },
    ]);
  }

  /** A generated avatar, or an image the user uploaded for a bot; stored as a path on this app. */
  private async avatarOf(userId: number, url: string) {
    const base = this.ctx.config.publicUrl;
    const path = url.startsWith(`${base}/media/`) ? url.slice(base.length) : url;
    const generated = GENERATED_AVATAR.exec(path);
    if (generated) {
      const [, kind, seed] = generated;
      if ((AVATAR_KINDS as readonly string[]).includes(kind!) && isAvatarSeed(seed!)) return path;
    }
    const own = await this.deps.uploads.ownImageUrl(userId, path, 'bot_avatar', 'avatar');
    if (!own.startsWith('/media/u/')) throw fieldError('avatar', '请上传头像或使用生成的头像');
    return own;
  }

  async create(user: AuthUser, input: BotInputData) {
    const c = await this.check(user, input);
    const { clock, db } = this.ctx;
    const entitlements = await this.deps.entitlements.of(user);
    const limit = entitlements.limits.bots;
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      await repo.lockCreator(tx, user.id);
      if ((await repo.countOf(tx, user.id)) >= limit) {
        throw limitReached(entitlements, limit, `最多可创建${limit}个智能体`, '创建更多');
      }
      const pub = input.visibility === 'public';
      return repo.insert(tx, {
        ...columnsOf(c),
        creatorId: user.id,
        visibility: input.visibility,
        status: pub ? 'pending_review' : 'draft',
        submittedAt: pub ? now : null,
        createdAt: now,
        updatedAt: now,
      });
    });
    return this.view(id);
  }

  private async view(id: number) {
    const bot = await this.deps.bots.find(id);
    if (!bot) throw notFound();
    return bot;
  }

  private async own(userId: number, id: number) {
    const row = await repo.own(this.ctx.db, userId, id);
    if (!row) throw notFound();
    return row;
  }

  async mine(userId: number, cursor: string | undefined, limit: number) {
    const rows = await repo.mine(this.ctx.db, userId, decodeIdCursor(cursor), limit);
    return idPage(await this.deps.bots.withCreators(rows), limit);
  }

  /** Operators: how many bots a user has (not deleted), and the latest `limit` (docs/admin.md, Users). */
  async ofCreator(userId: number, limit: number) {
    const [total, rows] = await Promise.all([
      repo.countOf(this.ctx.db, userId),
      repo.mine(this.ctx.db, userId, undefined, limit),
    ]);
    return { total, rows };
  }

  /** The creator's full view, with a waiting edit's settings. */
  async editView(userId: number, id: number) {
    await this.own(userId, id);
    return this.view(id);
  }

  /**
   * Saves the settings. A private bot, or one not yet published, changes at once (going public submits it
   * for review). A published bot that stays public keeps its live version: the edit waits in `pending` until
   * it passes review (an edit back to the live settings withdraws it). Going private applies it at once.
   */
  async update(user: AuthUser, id: number, input: BotInputData) {
    const before = await this.own(user.id, id);
    const c = await this.check(user, input, (before.pending ?? before).avatar);
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const row = await repo.own(tx, user.id, id, true);
      if (!row) throw notFound();
      const base = { updatedAt: now, rejectReason: null };
      if (input.visibility === 'private') {
        await repo.update(tx, id, {
          ...base,
          ...columnsOf(c),
          visibility: 'private',
          status: 'draft',
          pending: null,
          submittedAt: null,
        });
      } else if (row.status === 'published') {
        const unchanged = sameContent(c, liveOf(row));
        await repo.update(tx, id, {
          ...base,
          pending: unchanged ? null : c,
          submittedAt: unchanged ? null : ((row.pending && row.submittedAt) ?? now),
        });
      } else {
        await repo.update(tx, id, {
          ...base,
          ...columnsOf(c),
          visibility: 'public',
          status: 'pending_review',
          submittedAt: row.status === 'pending_review' ? (row.submittedAt ?? now) : now,
        });
      }
    });
    this.deps.bots.forget(id);
    return this.view(id);
  }

  /** Public submits for review (unless already in review or published); private unpublishes at once. */
  async setVisibility(userId: number, id: number, visibility: 'private' | 'public') {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const row = await repo.own(tx, userId, id, true);
      if (!row) throw notFound();
      if (visibility === 'private' && row.visibility === 'public') {
        await repo.update(tx, id, {
          ...(row.pending ? columnsOf(row.pending) : {}),
          visibility: 'private',
          status: 'draft',
          pending: null,
          submittedAt: null,
          rejectReason: null,
          updatedAt: now,
        });
      } else if (visibility === 'public' && (row.status === 'draft' || row.status === 'rejected')) {
        await repo.update(tx, id, {
          visibility: 'public',
          status: 'pending_review',
          submittedAt: now,
          rejectReason: null,
          updatedAt: now,
        });
      }
    });
    this.deps.bots.forget(id);
    return this.view(id);
  }

  /** Soft delete: gone from discover and chat; conversations with it keep their history. */
  async remove(userId: number, id: number) {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const row = await repo.own(tx, userId, id, true);
      if (!row) throw notFound();
      await repo.update(tx, id, { deletedAt: now, pending: null, submittedAt: null, updatedAt: now });
    });
    this.deps.bots.forget(id);
  }

  /**
   * Takes a deleted knowledge base off its owner's bots (the live settings and a waiting edit), inside the
   * transaction that deletes it (a hook of the knowledge module, registered in modules/index.ts).
   */
  async detachKnowledgeBase(tx: Executor, creatorId: number, baseId: number) {
    const ids = await repo.detachKnowledgeBase(tx, creatorId, baseId);
    for (const id of ids) this.deps.bots.forget(id);
    return ids;
  }
}
