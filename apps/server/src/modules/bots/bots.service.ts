import { FEATURED_MAX, HOME_FEATURED_SHOWN, type BotSort } from '@lingxi/contract';
import { AnnouncedCache, type Listen } from '../../platform/announced-cache.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Executor } from '../../db/client.js';
import { botAvatarFor } from '../../platform/avatars.js';
import { AppError } from '../../platform/errors.js';
import { decodeCursor } from '../../platform/http/cursor.js';
import { pageOf } from '../../platform/http/page.js';
import { ResponseCache } from '../../platform/http/response-cache.js';
import type { AccountService } from '../account/account.service.js';
import type { EntitlementsService } from '../account/entitlements.service.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { ModelsService, PriceFor } from '../models/models.service.js';
import { botsRepository as repo, type BotRow } from './bots.repository.js';
import { ASSISTANT, SEED_BOTS, SEED_CATEGORIES } from './bots.seed-data.js';
import { seedBotTranslations, seedCategoryTranslations } from './seed-i18n/index.js';
import { withheldView } from './withheld.js';

/** A bot with its creator's public name and avatar (null for a system bot): what any listing shows. */
export type BotWithCreator = BotRow & { creatorNickname: string | null; creatorAvatar: string | null };
/**
 * A bot as its page shows it: `modelId` is the bot's setting, `model` what this viewer's replies run on and
 * `priceFor` what they cost this viewer (docs/money.md, VIP).
 */
export type BotDetail = {
  bot: BotWithCreator;
  isFavourite: boolean;
  modelId: string;
  model: Awaited<ReturnType<ModelsService['forBot']>>;
  priceFor: PriceFor;
};

// How other modules show a bot (a conversation's bot): the one summary of it.
export { presentBotSummary } from './bots.presenter.js';

const isSortCursor = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));

const sortValue = (b: BotWithCreator, sort: BotSort) =>
  sort === 'hot' ? b.hotScore : (b.publishedAt?.getTime() ?? 0);

/** Bots a user's favourite marks are kept for, at most (the rest are read each time). */
const FAVOURITES_KEPT_PER_USER = 500;

/** Listed bots are open to all; any other bot only to its creator. */
export function isOpenTo(bot: Pick<BotRow, 'status' | 'visibility' | 'creatorId'>, userId: number | null) {
  const listed = bot.status === 'published' && bot.visibility === 'public';
  return listed || (userId !== null && bot.creatorId === userId);
}

function visibleTo(bot: BotWithCreator | undefined, userId: number | null): BotWithCreator {
  if (!bot || !isOpenTo(bot, userId)) throw AppError.notFound('智能体不存在或已下架');
  return bot;
}

/** A bot as a viewer's history shows it: as it is when it is open to them, else withheld (withheld.ts). */
const shownTo = (bot: BotWithCreator, userId: number | null) =>
  isOpenTo(bot, userId) ? bot : withheldView(bot);

/** The catalogue: seeded system bots and published users' bots, favourites, and access to a bot for chat. */
export class BotsService {
  /**
   * Bots as replies need them: a chat message should not cost a catalogue query. Kept until changed on the
   * embedded database (migration 0007 announces it), for 5 s on PostgreSQL.
   */
  private readonly chatCache = new AnnouncedCache<number, BotWithCreator>({ max: 5000, ttlMs: 5_000 });
  /**
   * The catalogue's public answers, as written (discover, categories, home, bot pages; catalogue-answers.ts):
   * cleared by every change of this process and every announced one; counters and creators' names lag at most
   * 5 s (docs/performance.md, Fast reads).
   */
  readonly answers = new ResponseCache<{ json: string; botId?: number }>({
    max: 5000,
    maxBytes: 64 * 1024 * 1024,
    ttlMs: 5_000,
  });

  /**
   * Bots as lists show them (conversations, posts, earnings: `anyByIds`), deleted ones too: as the catalogue's
   * answers, cleared by each change of this process (`forget`) and each announced one (`bot_changed`), and kept
   * at most 5 s (counters and creators' names lag that much; docs/performance.md, Fast reads).
   */
  private readonly shown = new AnnouncedCache<number, BotWithCreator>({
    max: 5000,
    ttlMs: 5_000,
    announcedTtlMs: 5_000,
  });
  /** Favourites made here, per bot: a bot's page is kept per this count (catalogue-answers.ts). */
  private readonly favourited = new Map<number, number>();
  /**
   * Whether a user favours a bot, per user and bot: kept until the database announces a change of that user's
   * favourites (migration 0022), never without announcements (docs/performance.md, Fast reads).
   */
  private readonly favouriteMarks = new AnnouncedCache<number, Map<number, boolean>>({
    max: 10_000,
    ttlMs: 0,
  });

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: {
      account: AccountService;
      models: ModelsService;
      entitlements: EntitlementsService;
    },
  ) {}

  /** Bots with their creators' names and avatars, read from the account module in one go. */
  async withCreators<T extends BotRow>(rows: T[]): Promise<(T & BotWithCreator)[]> {
    const ids = rows.flatMap((b) => (b.creatorId === null ? [] : [b.creatorId]));
    const creators = ids.length ? await this.deps.account.publicProfiles(ids) : new Map();
    return rows.map((b) => {
      const creator = b.creatorId === null ? undefined : creators.get(b.creatorId);
      return { ...b, creatorNickname: creator?.nickname ?? null, creatorAvatar: creator?.avatar ?? null };
    });
  }

  private async withCreator(row: BotRow | undefined): Promise<BotWithCreator | undefined> {
    return row && (await this.withCreators([row]))[0];
  }

  /**
   * A fresh install's catalogue; existing rows (and operators' edits) are left alone. Seeded rows that have no
   * translations yet and still read as seeded get the seed's (docs/i18n.md, Data the platform owns).
   */
  async bootstrap(assistantName: string) {
    const now = this.clock.now();
    const categories = SEED_CATEGORIES.map((c) => ({ ...c, translations: seedCategoryTranslations(c.id) }));
    await repo.seedCategories(this.db, categories);
    for (const c of categories) await repo.translateSeededCategory(this.db, c);
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
      const translations = seedBotTranslations(b.key, named);
      await repo.insertIfMissing(this.db, {
        seedKey: b.key,
        translations,
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
      await repo.translateSeededBot(
        this.db,
        b.key,
        { intro: named(b.intro), greeting: b.greeting },
        translations,
      );
    }
    // The assistant carries the name from settings.
    await repo.updateBySeedKey(this.db, ASSISTANT.key, { name: assistantName });
  }

  categories() {
    return repo.categories(this.db);
  }

  /**
   * Discover. Its default view (hot, no category, no keyword) shows the operators' pinned bots first, on the
   * first page ahead of its `limit` rows, and leaves them out of the ranked rows of every page, so the cursor of
   * the ranked rows pages on as before (docs/admin.md, Catalogue).
   */
  async list(q: { category?: string; keyword?: string; sort: BotSort; limit: number; cursor?: string }) {
    const { sort, limit } = q;
    const category = q.category || undefined;
    const keyword = q.keyword || undefined;
    const pinView = sort === 'hot' && !category && !keyword;
    const after = decodeCursor(q.cursor, isSortCursor);
    const [rows, pins] = await Promise.all([
      repo.list(this.db, { category, keyword, sort, limit, after, withoutPinned: pinView }),
      pinView && !after ? repo.pinned(this.db, FEATURED_MAX) : [],
    ]);
    const page = pageOf(await this.withCreators(rows), limit, (b) => [sortValue(b, sort), b.id]);
    return { ...page, rows: [...(await this.withCreators(pins)), ...page.rows] };
  }

  /** Home's featured row, in the operators' order. */
  async featured(limit = HOME_FEATURED_SHOWN) {
    return this.withCreators(await repo.featured(this.db, limit));
  }

  async assistant() {
    const bot = await this.withCreator(await repo.assistant(this.db));
    if (!bot) throw AppError.notFound('助手不存在');
    return bot;
  }

  /** Home: the assistant's page and the featured bots. */
  async home(viewer: AuthUser | null) {
    const [assistant, featured] = await Promise.all([this.assistant(), this.featured()]);
    return { assistant: await this.detailOf(assistant, viewer), featured };
  }

  /** A bot's page for this viewer (anyone's listed bot, or the viewer's own). */
  async detail(botId: number, viewer: AuthUser | null): Promise<BotDetail> {
    return this.detailOf(await this.visible(botId, viewer?.id ?? null), viewer);
  }

  private async detailOf(bot: BotWithCreator, viewer: AuthUser | null): Promise<BotDetail> {
    const { models, entitlements } = this.deps;
    const [isFavourite, pricing, model] = await Promise.all([
      viewer ? this.isFavourite(viewer.id, bot.id) : false,
      entitlements.pricing(viewer),
      models.forBot(bot.modelId, entitlements.isVip(viewer)),
    ]);
    // A bot that names no model runs on the default, which is what forBot answered.
    return { bot, isFavourite, modelId: bot.modelId ?? model.id, model, priceFor: pricing.price };
  }

  /**
   * A listed bot's page as anyone who is not a member reads it (not favourited): null for a bot that is not
   * listed (its creator's view is theirs alone) or not there.
   */
  async openDetail(botId: number): Promise<BotDetail | null> {
    const bot = await this.withCreator(await repo.byId(this.db, botId));
    if (!bot || bot.status !== 'published' || bot.visibility !== 'public') return null;
    return this.detailOf(bot, null);
  }

  /** Whether a bot's page reads differently for this viewer than for anyone (a member's model and price). */
  readsAsMember(viewer: AuthUser | null) {
    return this.deps.entitlements.isVip(viewer);
  }

  /** Bumped by each change of the models (a bot page shows its model and price). */
  get modelsVersion() {
    return this.deps.models.version;
  }

  /** Changes with each favourite of the bot made by this process. */
  favouriteVersion(botId: number) {
    return this.favourited.get(botId) ?? 0;
  }

  async isFavourite(userId: number, botId: number) {
    const known = await this.favouriteMarks.get(userId, async () => new Map());
    const kept = known?.get(botId);
    if (kept !== undefined) return kept;
    const on = await repo.isFavourite(this.db, userId, botId);
    // Kept only if no change of this user's favourites was announced meanwhile (it forgets their map).
    if (known && known.size < FAVOURITES_KEPT_PER_USER && this.favouriteMarks.peek(userId) === known) {
      known.set(botId, on);
    }
    return on;
  }

  /** A bot the user may see and talk to: listed ones, and their own. */
  async visible(botId: number, userId: number | null) {
    return visibleTo(await this.withCreator(await repo.byId(this.db, botId)), userId);
  }

  /** A bot of any state or creator, not deleted: for its creator's and reviewers' views. */
  async find(botId: number) {
    return this.withCreator(await repo.byId(this.db, botId));
  }

  /** Listens for the database's announcements of changed bots, where it makes them. */
  async start(listen: Listen) {
    await this.chatCache.listen(listen, 'bot_changed', (id) => this.chatCache.forget(Number(id)));
    await this.shown.listen(listen, 'bot_changed', (id) => this.shown.forget(Number(id)));
    await this.favouriteMarks.listen(listen, 'favourite_changed', (userId) =>
      userId ? this.favouriteMarks.forget(Number(userId)) : this.favouriteMarks.clear(),
    );
    await this.answers.listen(listen, [
      'bot_changed',
      'categories_changed',
      'models_changed',
      'settings_changed',
    ]);
  }

  /** `visible`, served from a short-lived cache for the reply path. */
  async forChat(botId: number, userId: number) {
    const bot = await this.chatCache.get(botId, async () =>
      this.withCreator(await repo.byId(this.db, botId)),
    );
    return visibleTo(bot, userId);
  }

  /** Drops a bot from the reply cache after its creator or a reviewer changed it (other processes: when announced, docs/scaling.md). */
  forget(botId: number) {
    this.chatCache.forget(botId);
    this.shown.forget(botId);
    this.answers.clear();
  }

  /** The catalogue's answers are read again after an operator changed categories or featured slots. */
  catalogueChanged() {
    this.answers.clear();
  }

  async favourite(userId: number, botId: number, on: boolean) {
    await this.visible(botId, userId);
    const favourites = on
      ? await repo.addFavourite(this.db, userId, botId, this.clock.now())
      : await repo.removeFavourite(this.db, userId, botId);
    this.favouriteMarks.forget(userId);
    // The favourer sees the bot's count at once (a new key for its page; other answers' counts lag up to 5 s).
    this.favourited.set(botId, (this.favourited.get(botId) ?? 0) + 1);
    return { isFavourite: on, favourites };
  }

  async favourites(userId: number, cursor: string | undefined, limit: number) {
    const before = decodeCursor(cursor, (v): v is number => Number.isSafeInteger(v));
    const rows = await repo.favourites(this.db, userId, before, limit);
    return pageOf(await this.withCreators(rows), limit, (b) => b.favId);
  }

  /**
   * A bot for showing in a user's own history, even if it has since left the catalogue or was deleted; one that
   * is no longer open to the viewer shows withheld (`shownTo`).
   */
  async inHistoryOf(viewerId: number, botId: number) {
    const bot = await this.withCreator(await repo.byId(this.db, botId, { withDeleted: true }));
    return bot && shownTo(bot, viewerId);
  }

  /** `inHistoryOf` for several bots at once (a page of conversations), by id. */
  async inHistoryOfMany(viewerId: number, botIds: number[]): Promise<Map<number, BotWithCreator>> {
    const rows = await this.anyByIds(botIds);
    return new Map([...rows].map(([id, b]) => [id, shownTo(b, viewerId)]));
  }

  /** Bots by id as they are, deleted or not (never a stranger's view): from `shown`, the rest in one query. */
  async anyByIds(botIds: number[]): Promise<Map<number, BotWithCreator>> {
    const ids = [...new Set(botIds)];
    const wanted = ids.filter((id) => this.shown.peek(id) === undefined);
    let missing: Promise<Map<number, BotWithCreator>> | undefined;
    const read = async (id: number) => {
      // One that left memory after `wanted` was taken is read alone.
      if (!wanted.includes(id)) return this.withCreator(await repo.byId(this.db, id, { withDeleted: true }));
      missing ??= repo
        .byIds(this.db, wanted)
        .then((rows) => this.withCreators(rows))
        .then((rows) => new Map(rows.map((b) => [b.id, b])));
      return (await missing).get(id);
    };
    const bots = await Promise.all(ids.map((id) => this.shown.get(id, () => read(id))));
    return new Map(bots.flatMap((b) => (b ? [[b.id, b] as const] : [])));
  }

  /** Users' bots published in the catalogue now, with their creators. */
  publishedCreators() {
    return repo.publishedCreators(this.db);
  }

  countChat(tx: Executor, botId: number) {
    return repo.countChat(tx, botId);
  }

  countUser(tx: Executor, botId: number) {
    return repo.countUser(tx, botId);
  }

  /** How many bots name each model (the console's models page; docs/admin.md, Models and prices). */
  async modelUsage(): Promise<Map<string, number>> {
    return new Map((await repo.modelUsage(this.db)).map((r) => [r.modelId, r.bots]));
  }
}
