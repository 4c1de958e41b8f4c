import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentPages, settings } from '../../db/schema/settings.js';

export type ContentPageRow = typeof contentPages.$inferSelect;

export const settingsRepository = {
  async values(db: Executor, keys: string[]) {
    const rows = await db.select().from(settings).where(inArray(settings.key, keys));
    return new Map(rows.map((r) => [r.key, r.value]));
  },

  /** Inserts a value unless the key exists; returns the stored value either way. */
  async ensure(db: Executor, key: string, value: unknown) {
    await db.insert(settings).values({ key, value }).onConflictDoNothing();
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    return row!.value;
  },

  async contentPage(db: Executor, slug: string) {
    const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug));
    return row;
  },

  async ensureContentPages(db: Executor, pages: { slug: string; title: string; body: string }[]) {
    await db.insert(contentPages).values(pages).onConflictDoNothing();
  },
};
