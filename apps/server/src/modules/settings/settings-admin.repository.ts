import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema/settings.js';

export type SettingRow = typeof settings.$inferSelect;

/** The stored settings an operator edits (docs/admin.md, Settings). */
export const settingsAdminRepository = {
  rows(db: Executor, keys: string[]) {
    return db.select().from(settings).where(inArray(settings.key, keys));
  },

  /** The key's row, locked until the transaction ends (none: the default is in force). */
  async lock(tx: Executor, key: string): Promise<SettingRow | undefined> {
    const [row] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
    return row;
  },

  /** Inserts the key's first value; none when another transaction inserted it meanwhile. */
  async insert(tx: Executor, key: string, value: unknown, at: Date): Promise<SettingRow | undefined> {
    const [row] = await tx
      .insert(settings)
      .values({ key, value, updatedAt: at })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async update(tx: Executor, key: string, value: unknown, at: Date): Promise<SettingRow> {
    const [row] = await tx
      .update(settings)
      .set({ value, updatedAt: at })
      .where(eq(settings.key, key))
      .returning();
    return row!;
  },

  /** Removes the key's value; the removed row, or none when there was none. */
  async remove(tx: Executor, key: string): Promise<SettingRow | undefined> {
    const [row] = await tx.delete(settings).where(eq(settings.key, key)).returning();
    return row;
  },
};
