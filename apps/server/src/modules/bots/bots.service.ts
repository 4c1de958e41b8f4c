import type { BotSort } from '@lingxi/contract';
import { AnnouncedCache, type Listen } from '../../platform/announced-cache.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Executor } from '../../db/client.js';
import { botAvatarFor } from '../../platform/avatars.js';
import { AppError } from '../../platform/errors.js';
import { decodeCursor, encodeCursor } from '../../platform/http/cursor.js';
import { botsRepository as repo, type BotWithCreator } from './bots.repository.js';
import { ASSISTANT, SEED_BOTS, SEED_CATEGORIES } from './bots.seed-data.js';
import { myBotsRepository } from './my-bots.repository.js';

const isSortCursor = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));

const sortValue = (b: BotWithCreator, sort: BotSort) =>
  sort === 'hot' ? b.hotScore : (b.publishedAt?.getTime() ?? 0);

/** Listed bots are open to all; any other bot only to its creator. */
function visibleTo(bot: BotWithCreator | undefined, userId: number | null): BotWithCreator {
  const open = bot && bot.status === 'published' && bot.visibility === 'public';
  if (!bot || (!open && (userId === null || bot.creatorId !== userId)))
    throw AppError.notFound('智能体不存在或已下架');
  return bot;
}

/** The catalogue: seeded system bots and published users' bots, favourites, and access to a bot for chat. */
export class BotsService {
  /**
   * Bots as replies need them: a chat message should not cost a catalogue query. Kept until changed on the
   * embedded database (migration 0007 announces it), for 5 s on PostgreSQL.
   */
  private readonly chatCache = new AnnouncedCache<number, BotWithCreator>({ max: 5000, ttlMs: 5_000 });

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A fresh install's catalogue; existing rows (and operators' edits) are left alone. */
  async bootstrap(assistantName: string) {
    const now = this.clock.now();
    for (const c of SEED_CATEGORIES) await repo.upsertCategory(this.db, c);
    const named = (s: string) => s.replaceAll('{{assistant_name}}', assistantName);
    const all = [
      {
        ...ASSISTANT,
        name: assistantName,
        persona: named(ASSISTANT.persona),
        greeting: named(ASSISTANT.greeting),
      },
      ...SEED_BOTS,
    ];
    for (const b of all) {
      await repo.insertIfMissing(this.db, {
        seedKey: b.key,
        name: b.name,
        avatar: botAvatarFor(b.key),
        intro: named(b.intro),
        categoryId: b.category,
        tags: b.tags,
        persona: b.persona,
        greeting: b.greeting,
        questions: [...b.questions],
        temperature: b.temperature,
        visibility: 'public',
        status: 'published',
        isAssistant: b.key === ASSISTANT.key,
        featured: b.featured ?? false,
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      });
    }
    // The assistant carries the name from settings.
    await repo.updateBySeedKey(this.db, ASSISTANT.key, { name: assistantName });
  }

  categories() {
    return repo.categories(this.db);
  }

  async list(q: { category?: string; keyword?: string; sort: BotSort; limit: number; cursor?: string }) {
    const sort = q.sort;
    const limit = q.limit;
    const rows = await repo.list(this.db, {
      category: q.category || undefined,
      keyword: q.keyword || undefined,
      sort,
      limit,
      after: decodeCursor(q.cursor, isSortCursor),
    });
    const last = rows.at(-1);
    return {
      rows,
      nextCursor: rows.length === limit && last ? encodeCursor([sortValue(last, sort), last.id]) : null,
    };
  }

  featured(limit = 8) {
    return repo.featured(this.db, limit);
  }

  async assistant() {
    const bot = await repo.assistant(this.db);
    if (!bot) throw AppError.notFound('助手不存在');
    return bot;
  }

  /** A bot the user may see and talk to: listed ones, and their own. */
  async visible(botId: number, userId: number | null, db: Executor = this.db) {
    const bot = await repo.byId(db, botId);
    const open = bot && bot.status === 'published' && bot.visibility === 'public';
    if (!bot || (!open && (userId === null || bot.creatorId !== userId)))
      throw AppError.notFound('智能体不存在或已下架');
    return bot;
  }

  /** `visible`, served from a short-lived cache for the reply path. */
  /** Listens for the database's announcements of changed bots, where it makes them. */
  async start(listen: Listen) {
    await this.chatCache.listen(listen, 'bot_changed', (id) => this.chatCache.forget(Number(id)));
  }

  async forChat(botId: number, userId: number) {
    return visibleTo(await this.chatCache.get(botId, () => repo.byId(this.db, botId)), userId);
  }

  /** Drops a bot from the reply cache after its creator or a reviewer changed it (other processes: 5 s). */
  forget(botId: number) {
    this.chatCache.forget(botId);
  }

  isFavourite(userId: number, botId: number) {
    return repo.isFavourite(this.db, userId, botId);
  }

  async favourite(userId: number, botId: number, on: boolean) {
    await this.visible(botId, userId);
    const favourites = on
      ? await repo.addFavourite(this.db, userId, botId, this.clock.now())
      : await repo.removeFavourite(this.db, userId, botId);
    return { is_favourite: on, favourites };
  }

  async favourites(userId: number, cursor: string | undefined, limit: number) {
    const before = decodeCursor(cursor, (v): v is number => Number.isSafeInteger(v));
    const rows = await repo.favourites(this.db, userId, before, limit);
    const last = rows.at(-1);
    return { rows, nextCursor: rows.length === limit && last ? encodeCursor(last.favId) : null };
  }

  /** A bot for showing in a user's own history, even if it has since left the catalogue or was deleted. */
  anyById(botId: number) {
    return repo.byId(this.db, botId, { withDeleted: true });
  }

  /** Takes a deleted knowledge base off its owner's bots, inside the transaction that deletes it. */
  async detachKnowledgeBase(tx: Executor, creatorId: number, baseId: number) {
    const ids = await myBotsRepository.detachKnowledgeBase(tx, creatorId, baseId);
    for (const id of ids) this.forget(id);
    return ids;
  }

  countChat(tx: Executor, botId: number) {
    return repo.countChat(tx, botId);
  }

  countUser(tx: Executor, botId: number) {
    return repo.countUser(tx, botId);
  }
}
