import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentPages, settings } from '../../db/schema/settings.js';
import type { ContentPageRow } from './settings.repository.js';

export type SettingRow = typeof settings.$inferSelect;

/** The console's writes of content pages and of single settings (docs/admin.md, Content). */
export const contentAdminRepository = {
  contentPages(db: Executor): Promise<ContentPageRow[]> {
    return db.select().from(contentPages);
  },

  async lockedContentPage(tx: Executor, slug: string) {
    const [row] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug)).for('update');
    return row;
  },

  async updateContentPage(
    tx: Executor,
    slug: string,
    set: Pick<ContentPageRow, 'title' | 'body' | 'translations' | 'updatedAt'>,
  ) {
    const [row] = await tx.update(contentPages).set(set).where(eq(contentPages.slug, slug)).returning();
    return row!;
  },

  async setting(db: Executor, key: string): Promise<SettingRow | undefined> {
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    return row;
  },

  /**
   * Serialises the changes of one setting until the transaction ends (a missing row cannot be locked), then reads
   * it: two saves of the list compute what each changed from what the other left.
   */
  async lockedSetting(tx: Executor, key: string): Promise<SettingRow | undefined> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`setting:${key}`}, 0))`);
    const [row] = await tx.select().from(settings).where(eq(settings.key, key));
    return row;
  },

  async putSetting(tx: Executor, key: string, value: unknown, updatedAt: Date) {
    const [row] = await tx
      .insert(settings)
      .values({ key, value, updatedAt })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } })
      .returning();
    return row!;
  },
};
