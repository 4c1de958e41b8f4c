import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentPages, settings } from '../../db/schema/settings.js';

export type ContentPageRow = typeof contentPages.$inferSelect;
type NewContentPage = typeof contentPages.$inferInsert;

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

  async ensureContentPages(db: Executor, pages: NewContentPage[]) {
    await db.insert(contentPages).values(pages).onConflictDoNothing();
  },

  /** Gives a page its sample translations if it still reads as the sample and has none. */
  async translateSampleContentPage(db: Executor, page: NewContentPage) {
    await db
      .update(contentPages)
      .set({ translations: page.translations })
      .where(
        and(
          eq(contentPages.slug, page.slug),
          eq(contentPages.title, page.title),
          eq(contentPages.body, page.body),
          sql`${contentPages.translations} = '{}'::jsonb`,
        ),
      );
  },
};
