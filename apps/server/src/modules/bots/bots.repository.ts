import { and, asc, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Translations } from '@lingxi/contract';
import type { Executor } from '../../db/client.js';
import { botFavourites, bots, categories } from '../../db/schema/bots.js';

export type BotRow = typeof bots.$inferSelect;
export type NewBot = typeof bots.$inferInsert;

const HOT = sql`${bots.chatCount} + 3 * ${bots.userCount} + 5 * ${bots.favouriteCount}`;

/** Published, public and not deleted: what anyone may find. */
export const listed = () =>
  and(
    eq(bots.status, 'published'),
    eq(bots.visibility, 'public'),
    isNull(bots.deletedAt),
    eq(bots.isAssistant, false),
  );

export type ListFilter = {
  category?: string;
  keyword?: string;
  sort: 'hot' | 'new';
  after?: [number, number];
  limit: number;
  /** Leave out the bots pinned on discover (its default view shows them first, on their own). */
  withoutPinned?: boolean;
};

export const botsRepository = {
  /** A fresh install's categories: only into an empty table, so operators' edits and deletions stay. */
  async seedCategories(db: Executor, list: (typeof categories.$inferInsert)[]) {
    const [any] = await db.select({ id: categories.id }).from(categories).limit(1);
    if (!any) await db.insert(categories).values(list).onConflictDoNothing();
  },

  async categories(db: Executor) {
    return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
  },

  /** An install seeded before translations existed: a seeded category still named as seeded gets the seed's. */
  async translateSeededCategory(db: Executor, c: { id: string; name: string; translations: Translations }) {
    await db
      .update(categories)
      .set({ translations: c.translations })
      .where(
        and(
          eq(categories.id, c.id),
          eq(categories.name, c.name),
          sql`${categories.translations} = '{}'::jsonb`,
        ),
      );
  },

  /** The same for a seeded bot whose intro and greeting operators have not edited. */
  async translateSeededBot(
    db: Executor,
    seedKey: string,
    source: { intro: string; greeting: string },
    translations: Translations,
  ) {
    await db
      .update(bots)
      .set({ translations })
      .where(
        and(
          eq(bots.seedKey, seedKey),
          eq(bots.intro, source.intro),
          eq(bots.greeting, source.greeting),
          sql`${bots.translations} = '{}'::jsonb`,
        ),
      );
  },

  async insertIfMissing(db: Executor, bot: NewBot) {
    await db.insert(bots).values(bot).onConflictDoNothing({ target: bots.seedKey });
  },

  async updateBySeedKey(db: Executor, seedKey: string, patch: Partial<NewBot>) {
    await db.update(bots).set(patch).where(eq(bots.seedKey, seedKey));
  },

  async byId(db: Executor, id: number, o: { withDeleted?: boolean } = {}) {
    const [row] = await db
      .select()
      .from(bots)
      .where(and(eq(bots.id, id), o.withDeleted ? undefined : isNull(bots.deletedAt)));
    return row;
  },

  /** Bots by id, deleted ones too. */
  async byIds(db: Executor, ids: number[]) {
    if (!ids.length) return [];
    return db.select().from(bots).where(inArray(bots.id, ids));
  },

  async assistant(db: Executor) {
    const [row] = await db
      .select()
      .from(bots)
      .where(and(eq(bots.isAssistant, true), isNull(bots.deletedAt)))
      .limit(1);
    return row;
  },

  async list(db: Executor, f: ListFilter) {
    const conds: (SQL | undefined)[] = [listed()];
    if (f.category) conds.push(eq(bots.categoryId, f.category));
    if (f.withoutPinned) conds.push(eq(bots.discoverPinned, false));
    if (f.keyword) {
      const like = `%${f.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      conds.push(or(ilike(bots.name, like), ilike(bots.intro, like), sql`${bots.tags}::text ILIKE ${like}`));
    }
    const key =
      f.sort === 'hot'
        ? sql`${bots.hotScore}`
        : sql`floor(extract(epoch from ${bots.publishedAt}) * 1000)::bigint`;
    if (f.after) {
      const [v, id] = f.after;
      conds.push(or(lt(key, v), and(eq(key, v), lt(bots.id, id))));
    }
    return db
      .select()
      .from(bots)
      .where(and(...conds))
      .orderBy(desc(key), desc(bots.id))
      .limit(f.limit);
  },

  /** Home's featured bots in the operators' order (docs/admin.md, Catalogue); ties: the hotter first. */
  async featured(db: Executor, limit: number) {
    return db
      .select()
      .from(bots)
      .where(and(listed(), eq(bots.featured, true)))
      .orderBy(asc(bots.featuredSort), desc(bots.hotScore), desc(bots.id))
      .limit(limit);
  },

  /** The bots pinned at the top of discover, in the operators' order. */
  async pinned(db: Executor, limit: number) {
    return db
      .select()
      .from(bots)
      .where(and(listed(), eq(bots.discoverPinned, true)))
      .orderBy(asc(bots.discoverSort), desc(bots.hotScore), desc(bots.id))
      .limit(limit);
  },

  async isFavourite(db: Executor, userId: number, botId: number) {
    const [row] = await db
      .select({ id: botFavourites.id })
      .from(botFavourites)
      .where(and(eq(botFavourites.userId, userId), eq(botFavourites.botId, botId)));
    return !!row;
  },

  /** Adds the favourite and bumps the counter only if it was new. Returns the bot's favourite count. */
  async addFavourite(db: Executor, userId: number, botId: number, at: Date) {
    const [added] = await db
      .insert(botFavourites)
      .values({ userId, botId, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: botFavourites.id });
    return this.bumpFavourites(db, botId, added ? 1 : 0);
  },

  async removeFavourite(db: Executor, userId: number, botId: number) {
    const [removed] = await db
      .delete(botFavourites)
      .where(and(eq(botFavourites.userId, userId), eq(botFavourites.botId, botId)))
      .returning({ id: botFavourites.id });
    return this.bumpFavourites(db, botId, removed ? -1 : 0);
  },

  async bumpFavourites(db: Executor, botId: number, by: number) {
    const [row] = await db
      .update(bots)
      .set({ favouriteCount: sql`${bots.favouriteCount} + ${by}` })
      .where(eq(bots.id, botId))
      .returning({ favourites: bots.favouriteCount });
    await db.update(bots).set({ hotScore: HOT }).where(eq(bots.id, botId));
    return row?.favourites ?? 0;
  },

  async favourites(db: Executor, userId: number, beforeId: number | undefined, limit: number) {
    const rows = await db
      .select({ bot: bots, favId: botFavourites.id })
      .from(botFavourites)
      .innerJoin(bots, eq(bots.id, botFavourites.botId))
      .where(
        and(
          eq(botFavourites.userId, userId),
          isNull(bots.deletedAt),
          // Open to the user (bots.service.ts, isOpenTo): a bot that left the catalogue is its creator's alone.
          or(and(eq(bots.status, 'published'), eq(bots.visibility, 'public')), eq(bots.creatorId, userId)),
          beforeId ? lt(botFavourites.id, beforeId) : undefined,
        ),
      )
      .orderBy(desc(botFavourites.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.bot, favId: r.favId }));
  },

  async countUser(db: Executor, botId: number) {
    await db
      .update(bots)
      .set({ userCount: sql`${bots.userCount} + 1`, hotScore: sql`${HOT} + 3` })
      .where(eq(bots.id, botId));
  },

  /** Users' bots in the catalogue now, with their creators (creator earnings: docs/money.md). */
  async publishedCreators(db: Executor) {
    const rows = await db
      .select({ botId: bots.id, creatorId: bots.creatorId })
      .from(bots)
      .where(and(listed(), sql`${bots.creatorId} is not null`));
    return rows as { botId: number; creatorId: number }[];
  },

  /** One more reply from the bot. */
  async countChat(db: Executor, botId: number) {
    await db
      .update(bots)
      .set({ chatCount: sql`${bots.chatCount} + 1`, hotScore: sql`${HOT} + 1` })
      .where(eq(bots.id, botId));
  },

  /** Bots (not deleted) per model they name, in their settings or in their edit waiting for review. */
  async modelUsage(db: Executor) {
    const pending = sql`${bots.pending}->>'modelId'`;
    const rows = await db
      .select({ modelId: sql<string>`m.model_id`, bots: sql<number>`count(distinct m.id)::int` })
      .from(
        sql`(select ${bots.id} as id, ${bots.modelId} as model_id from ${bots}
               where ${bots.deletedAt} is null and ${bots.modelId} is not null
             union all
             select ${bots.id}, ${pending} from ${bots}
               where ${bots.deletedAt} is null and ${pending} is not null) as m`,
      )
      .groupBy(sql`m.model_id`);
    return rows;
  },
};
