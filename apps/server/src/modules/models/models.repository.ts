import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { models } from '../../db/schema/models.js';

export type ModelRow = typeof models.$inferSelect;
export type NewModel = typeof models.$inferInsert;
export type ModelPatch = Partial<Omit<NewModel, 'id' | 'isDefault'>>;

export const modelsRepository = {
  /** True when the row was inserted (it was missing). */
  async insertIfMissing(db: Executor, model: NewModel) {
    const rows = await db.insert(models).values(model).onConflictDoNothing().returning({ id: models.id });
    return rows.length > 0;
  },

  async enabled(db: Executor) {
    return db.select().from(models).where(eq(models.enabled, true)).orderBy(asc(models.sort), asc(models.id));
  },

  async all(db: Executor) {
    return db.select().from(models).orderBy(asc(models.sort), asc(models.id));
  },

  /** Every row, locked until the transaction ends: one operator's change of the models at a time. */
  async lockAll(tx: Executor) {
    return tx.select().from(models).orderBy(asc(models.sort), asc(models.id)).for('update');
  },

  async byId(db: Executor, id: string) {
    const [row] = await db.select().from(models).where(eq(models.id, id));
    return row;
  },

  async update(db: Executor, id: string, patch: ModelPatch) {
    const [row] = await db.update(models).set(patch).where(eq(models.id, id)).returning();
    return row;
  },

  async remove(db: Executor, id: string) {
    await db.delete(models).where(eq(models.id, id));
  },

  async setDefault(db: Executor, id: string) {
    await db
      .update(models)
      .set({ isDefault: false })
      .where(and(ne(models.id, id), eq(models.isDefault, true)));
    await db.update(models).set({ isDefault: true }).where(eq(models.id, id));
  },

  async defaultModel(db: Executor) {
    const [row] = await db
      .select()
      .from(models)
      .where(and(eq(models.isDefault, true), eq(models.enabled, true)));
    return row;
  },
};
