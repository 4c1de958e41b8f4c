import {
  ErrorCode,
  FEATURED_MAX,
  type CategoryOrderBody,
  type catalogueBotQuery,
  type FeaturedSlot,
  type categoryCreateBody,
  type categoryUpdateBody,
  type systemBotBody,
} from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { pageWindow, type CountedPage } from '../../platform/http/admin-page.js';
import type { AuditService } from '../admin/audit.service.js';
import type { ModelsService } from '../models/models.service.js';
import type { BotRow } from './bots.repository.js';
import type { BotsService, BotWithCreator } from './bots.service.js';
import { catalogueAdminRepository as repo, type AdminCategoryRow } from './catalogue-admin.repository.js';

type CategoryCreate = z.output<typeof categoryCreateBody>;
type CategoryUpdate = z.output<typeof categoryUpdateBody>;
type SystemBotInput = z.output<typeof systemBotBody>;

const SLOT_NAME: Record<FeaturedSlot, string> = { home: '首页推荐', discover: '发现页置顶' };
const SLOT_AUDIT: Record<FeaturedSlot, string> = { home: 'featured', discover: 'pinned' };

const fieldError = (field: string, message: string) =>
  AppError.badRequest(message, { field, issues: [{ field, message }] });
const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, message);

/** Whether a new order names exactly the list's ids (the schema already refused duplicates). */
function checkOrder<T extends string | number>(current: T[], ids: T[], what: string) {
  const known = new Set(current);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw fieldError('ids', `${what}不存在或已不在列表中：${unknown.join('、')}`);
  const given = new Set(ids);
  const missing = current.filter((id) => !given.has(id));
  if (missing.length) throw fieldError('ids', `缺少${what}：${missing.join('、')}（列表可能已变化，请刷新）`);
}

/** The editable columns of a system bot, as the audit log compares them. */
const editable = (b: BotRow) => ({
  name: b.name,
  avatar: b.avatar,
  intro: b.intro,
  categoryId: b.categoryId,
  tags: b.tags,
  persona: b.persona,
  greeting: b.greeting,
  questions: b.questions,
  modelId: b.modelId,
  temperature: b.temperature,
  featured: b.featured,
  translations: b.translations,
});

/** Only the fields that changed, before and after. */
function diff<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(before).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const pick = (o: T) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  return { before: pick(before), after: pick(after), changed: keys };
}

/** The catalogue desk (docs/admin.md, Catalogue): categories, featured bots on home and discover, system bots. */
export class CatalogueAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { bots: BotsService; models: ModelsService; audit: AuditService },
  ) {}

  /* ---------- Categories ---------- */

  categories(): Promise<AdminCategoryRow[]> {
    return repo.categories(this.ctx.db);
  }

  private async categoryOut(id: string): Promise<AdminCategoryRow> {
    return (await this.categories()).find((c) => c.id === id)!;
  }

  async createCategory(actorId: number, input: CategoryCreate) {
    await this.ctx.db.transaction(async (tx) => {
      await repo.lockList(tx, 'categories');
      const taken = () => conflict(`分类ID「${input.id}」已存在`);
      if (await repo.category(tx, input.id)) throw taken();
      await this.assertNameFree(tx, input.name);
      if (!(await repo.insertCategory(tx, { ...input, translations: input.translations ?? {} })))
        throw taken();
      await this.deps.audit.record(tx, {
        actorId,
        action: 'category.create',
        target: `category:${input.id}`,
        after: input,
      });
    });
    this.deps.bots.catalogueChanged();
    return this.categoryOut(input.id);
  }

  async updateCategory(actorId: number, id: string, input: CategoryUpdate) {
    await this.ctx.db.transaction(async (tx) => {
      await repo.lockList(tx, 'categories');
      const before = await repo.category(tx, id);
      if (!before) throw AppError.notFound('分类不存在');
      if (before.name !== input.name) await this.assertNameFree(tx, input.name);
      const after = (await repo.updateCategory(tx, id, input))!;
      const d = diff(before, after);
      await this.deps.audit.record(tx, {
        actorId,
        action: 'category.update',
        target: `category:${id}`,
        before: d.before,
        after: d.after,
      });
    });
    this.deps.bots.catalogueChanged();
    return this.categoryOut(id);
  }

  private async assertNameFree(tx: Executor, name: string) {
    const taken = (await repo.categories(tx)).some((c) => c.name === name);
    if (taken) throw fieldError('name', `分类名称「${name}」已存在`);
  }

  /** The categories in the given order: every one of them, each once. */
  async reorderCategories(actorId: number, body: CategoryOrderBody) {
    await this.ctx.db.transaction(async (tx) => {
      await repo.lockList(tx, 'categories');
      const current = (await repo.categories(tx)).map((c) => c.id);
      checkOrder(current, body.ids, '分类');
      for (const [i, id] of body.ids.entries()) await repo.updateCategory(tx, id, { sort: (i + 1) * 10 });
      await this.deps.audit.record(tx, {
        actorId,
        action: 'category.reorder',
        target: 'category:*',
        before: current,
        after: body.ids,
      });
    });
    this.deps.bots.catalogueChanged();
    return this.categories();
  }

  /** Refused while any bot is in it (or moving to it, or a deleted bot still names it). */
  async deleteCategory(actorId: number, id: string) {
    await this.ctx.db.transaction(async (tx) => {
      await repo.lockList(tx, 'categories');
      const before = await repo.category(tx, id);
      if (!before) throw AppError.notFound('分类不存在');
      const use = await repo.categoryUse(tx, id);
      if (use.live) throw conflict(`该分类下还有${use.live}个智能体，请先将它们移到其他分类`);
      if (use.deleted)
        throw conflict(`该分类仍被${use.deleted}个已删除的智能体记录，无法删除，可改名或调整排序`);
      await repo.deleteCategory(tx, id);
      await this.deps.audit.record(tx, {
        actorId,
        action: 'category.delete',
        target: `category:${id}`,
        before,
      });
    });
    this.deps.bots.catalogueChanged();
  }

  /* ---------- Home's featured row and discover's pins ---------- */

  async slot(slot: FeaturedSlot): Promise<BotWithCreator[]> {
    return this.deps.bots.withCreators(await repo.slot(this.ctx.db, slot));
  }

  /** Adds a listed bot at the end of the slot, once. */
  async addToSlot(actorId: number, slot: FeaturedSlot, botId: number) {
    await this.ctx.db.transaction(async (tx) => {
      await repo.lockList(tx, slot);
      const bot = await repo.lockedBot(tx, botId);
      if (!bot) throw AppError.notFound('智能体不存在或已删除');
      if (!(await repo.isListed(tx, botId))) throw conflict('只能添加已上架的公开智能体');
      const on = slot === 'home' ? bot.featured : bot.discoverPinned;
      if (on) throw conflict(`该智能体已在${SLOT_NAME[slot]}中`);
      if ((await repo.slot(tx, slot)).length >= FEATURED_MAX) {
        throw conflict(`${SLOT_NAME[slot]}最多${FEATURED_MAX}个，请先移除一些`);
      }
      const sort = await repo.nextSort(tx, slot);
      await repo.place(tx, slot, botId, true, sort);
      await this.deps.audit.record(tx, {
        actorId,
        action: `${SLOT_AUDIT[slot]}.add`,
        target: `bot:${botId}`,
        detail: { name: bot.name, sort },
      });
    });
    this.deps.bots.catalogueChanged();
    return this.slot(slot);
  }

  async removeFromSlot(actorId: number, slot: FeaturedSlot, botId: number) {
    await this.ctx.db.transaction(async (tx) => {
      await repo.lockList(tx, slot);
      const bot = await repo.lockedBot(tx, botId);
      const on = bot && (slot === 'home' ? bot.featured : bot.discoverPinned);
      if (!bot || !on) throw AppError.notFound(`该智能体不在${SLOT_NAME[slot]}中`);
      await repo.place(tx, slot, botId, false, 0);
      await this.deps.audit.record(tx, {
        actorId,
        action: `${SLOT_AUDIT[slot]}.remove`,
        target: `bot:${botId}`,
        detail: { name: bot.name },
      });
    });
    this.deps.bots.catalogueChanged();
    return this.slot(slot);
  }

  async reorderSlot(actorId: number, slot: FeaturedSlot, ids: number[]) {
    await this.ctx.db.transaction(async (tx) => {
      await repo.lockList(tx, slot);
      const current = (await repo.slot(tx, slot)).map((b) => b.id);
      checkOrder(current, ids, '智能体');
      for (const [i, id] of ids.entries()) await repo.place(tx, slot, id, true, i + 1);
      await this.deps.audit.record(tx, {
        actorId,
        action: `${SLOT_AUDIT[slot]}.reorder`,
        target: `${SLOT_AUDIT[slot]}:${slot}`,
        before: current,
        after: ids,
      });
    });
    this.deps.bots.catalogueChanged();
    return this.slot(slot);
  }

  /** Listed bots for the picker, server-paged. */
  async searchBots(q: z.output<typeof catalogueBotQuery>): Promise<CountedPage<BotWithCreator>> {
    const { rows, total } = await repo.search(this.ctx.db, {
      text: q.q || undefined,
      sort: q.sort ?? 'hot',
      desc: q.order !== 'asc',
      ...pageWindow(q),
    });
    return { rows: await this.deps.bots.withCreators(rows), total };
  }

  /* ---------- System bots ---------- */

  async systemBots(): Promise<BotWithCreator[]> {
    return this.deps.bots.withCreators(await repo.systemBots(this.ctx.db));
  }

  /**
   * Edits a system bot: the creator form's rules (category and model exist); `featured` puts it at the end of
   * home's row or takes it off. The assistant keeps the name of the `assistant_name` setting and is never
   * featured (home shows it on its own).
   */
  async updateSystemBot(actorId: number, botId: number, input: SystemBotInput) {
    const categories = await this.deps.bots.categories();
    if (!categories.some((c) => c.id === input.category)) throw fieldError('category', '分类不存在');
    if (input.model_id) await this.deps.models.resolve(input.model_id, true);
    const row = await this.ctx.db.transaction(async (tx) => {
      // The slot's lock before the bot's, in the order `addToSlot` takes them.
      await repo.lockList(tx, 'home');
      const bot = await repo.lockedBot(tx, botId);
      if (!bot || bot.creatorId !== null) throw AppError.notFound('官方智能体不存在');
      if (bot.isAssistant && input.name !== bot.name) {
        throw fieldError('name', '首页助手的名称随系统设置中的助手名称，请在系统设置中修改');
      }
      if (bot.isAssistant && input.featured) throw fieldError('featured', '首页助手单独展示，不参与推荐');
      let placed = {};
      if (input.featured !== bot.featured) {
        if (input.featured && (await repo.slot(tx, 'home')).length >= FEATURED_MAX) {
          throw conflict(`${SLOT_NAME.home}最多${FEATURED_MAX}个，请先移除一些`);
        }
        placed = {
          featured: input.featured,
          featuredSort: input.featured ? await repo.nextSort(tx, 'home') : 0,
        };
      }
      const updated = await repo.updateBot(tx, botId, {
        name: input.name,
        avatar: input.avatar,
        intro: input.intro,
        categoryId: input.category,
        tags: [...new Set(input.tags)],
        persona: input.persona,
        greeting: input.greeting,
        questions: input.questions,
        modelId: input.model_id,
        temperature: input.temperature,
        // Left out by the form: the stored translations stay (docs/i18n.md, Data the platform owns).
        ...(input.translations ? { translations: input.translations } : {}),
        ...placed,
        updatedAt: this.ctx.clock.now(),
      });
      const d = diff(editable(bot), editable(updated));
      await this.deps.audit.record(tx, {
        actorId,
        action: 'system_bot.update',
        target: `bot:${botId}`,
        detail: { name: updated.name, changed: d.changed },
        before: d.before,
        after: d.after,
      });
      return updated;
    });
    // The reply path keeps bots in memory (BotsService.forChat): the next message reads the edit.
    this.deps.bots.forget(botId);
    return (await this.deps.bots.withCreators([row]))[0]!;
  }
}
