import { and, asc, count, desc, eq, getTableColumns, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FeaturedSlot } from '@lingxi/contract';
import type { Executor } from '../../db/client.js';
import { bots, categories } from '../../db/schema/bots.js';
import { listed, type NewBot } from './bots.repository.js';

export type CategoryRow = typeof categories.$inferSelect;
export type AdminCategoryRow = CategoryRow & { botCount: number };

/** The columns of each slot: the flag and the order (docs/admin.md, Catalogue). */
const SLOT = {
  home: { flag: bots.featured, sort: bots.featuredSort },
  discover: { flag: bots.discoverPinned, sort: bots.discoverSort },
} as const;

/** Bots not deleted that are in the category, or whose waiting edit moves them there. */
const inCategory = (id: SQL | string) =>
  and(isNull(bots.deletedAt), or(eq(bots.categoryId, id), sql`${bots.pending} ->> 'categoryId' = ${id}`));

/** The operators' catalogue desk: categories, the featured slots and system bots. SQL only. */
export const catalogueAdminRepository = {
  /** Serialises the operators' changes of one list (categories, a slot), so each reads what the last wrote. */
  async lockList(tx: Executor, name: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`catalogue:${name}`}, 0))`);
  },

  async categories(db: Executor): Promise<AdminCategoryRow[]> {
    return db
      .select({
        ...getTableColumns(categories),
        botCount: sql<number>`(select count(*)::int from ${bots} where ${inCategory(sql`${categories.id}`)})`,
      })
      .from(categories)
      .orderBy(asc(categories.sort), asc(categories.id));
  },

  async category(db: Executor, id: string) {
    const [row] = await db.select().from(categories).where(eq(categories.id, id));
    return row;
  },

  /** True when it was added (false: the id is taken). */
  async insertCategory(tx: Executor, row: CategoryRow) {
    const added = await tx
      .insert(categories)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: categories.id });
    return added.length > 0;
  },

  async updateCategory(tx: Executor, id: string, patch: Partial<CategoryRow>) {
    const [row] = await tx.update(categories).set(patch).where(eq(categories.id, id)).returning();
    return row;
  },

  async deleteCategory(tx: Executor, id: string) {
    await tx.delete(categories).where(eq(categories.id, id));
  },

  /** Bots (not deleted) in the category, or moving there by a waiting edit; and deleted ones still naming it. */
  async categoryUse(tx: Executor, id: string) {
    const [live] = await tx.select({ n: count() }).from(bots).where(inCategory(id));
    const [gone] = await tx
      .select({ n: count() })
      .from(bots)
      .where(and(eq(bots.categoryId, id), sql`${bots.deletedAt} is not null`));
    return { live: Number(live?.n ?? 0), deleted: Number(gone?.n ?? 0) };
  },

  /** The slot's bots (not deleted; listed or not), in the order the public sees the listed ones. */
  slot(db: Executor, slot: FeaturedSlot) {
    const s = SLOT[slot];
    return db
      .select()
      .from(bots)
      .where(and(eq(s.flag, true), isNull(bots.deletedAt)))
      .orderBy(asc(s.sort), desc(bots.hotScore), desc(bots.id));
  },

  /** The next place at the end of the slot. */
  async nextSort(tx: Executor, slot: FeaturedSlot) {
    const s = SLOT[slot];
    const [row] = await tx
      .select({ max: sql<number | null>`max(${s.sort})::int` })
      .from(bots)
      .where(and(eq(s.flag, true), isNull(bots.deletedAt)));
    return (row?.max ?? 0) + 1;
  },

  /** Puts the bot in the slot at `sort`, or takes it out (sort 0). */
  async place(tx: Executor, slot: FeaturedSlot, botId: number, on: boolean, sort: number) {
    const patch =
      slot === 'home' ? { featured: on, featuredSort: sort } : { discoverPinned: on, discoverSort: sort };
    await tx.update(bots).set(patch).where(eq(bots.id, botId));
  },

  async lockedBot(tx: Executor, id: number) {
    const [row] = await tx
      .select()
      .from(bots)
      .where(and(eq(bots.id, id), isNull(bots.deletedAt)))
      .for('update');
    return row;
  },

  /** Whether the bot is one the public finds now (published, public, not deleted, not the assistant). */
  async isListed(tx: Executor, id: number) {
    const [row] = await tx
      .select({ id: bots.id })
      .from(bots)
      .where(and(eq(bots.id, id), listed()));
    return !!row;
  },

  /** Listed bots for the operators' picker: by name, or by id when `q` is a number. */
  async search(
    db: Executor,
    q: { text?: string; sort: 'hot' | 'new'; desc: boolean; limit: number; offset: number },
  ) {
    const conds: (SQL | undefined)[] = [listed()];
    if (q.text) {
      const like = `%${q.text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      const id = /^\d{1,15}$/.test(q.text) ? Number(q.text) : null;
      conds.push(id === null ? ilike(bots.name, like) : or(eq(bots.id, id), ilike(bots.name, like)));
    }
    const where = and(...conds);
    const key = q.sort === 'hot' ? bots.hotScore : bots.publishedAt;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(bots)
        .where(where)
        .orderBy(q.desc ? desc(key) : asc(key), q.desc ? desc(bots.id) : asc(bots.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(bots).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** The platform's own bots (no creator, not deleted): the assistant first, then in the seed's order. */
  systemBots(db: Executor) {
    return db
      .select()
      .from(bots)
      .where(and(isNull(bots.creatorId), isNull(bots.deletedAt)))
      .orderBy(desc(bots.isAssistant), asc(bots.id));
  },

  async updateBot(tx: Executor, id: number, patch: Partial<NewBot>) {
    const [row] = await tx.update(bots).set(patch).where(eq(bots.id, id)).returning();
    return row!;
  },
};
