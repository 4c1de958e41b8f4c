import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { models } from '../../db/schema/models.js';

export type ModelRow = typeof models.$inferSelect;
export type NewModel = typeof models.$inferInsert;

export const modelsRepository = {
  async upsert(db: Executor, model: NewModel) {
    const { id: _id, isDefault: _d, ...update } = model;
    await db.insert(models).values(model).onConflictDoUpdate({ target: models.id, set: update });
  },

  async insertIfMissing(db: Executor, model: NewModel) {
    await db.insert(models).values(model).onConflictDoNothing();
  },

  async enabled(db: Executor) {
    return db.select().from(models).where(eq(models.enabled, true)).orderBy(asc(models.sort), asc(models.id));
  },

  async byId(db: Executor, id: string) {
    const [row] = await db.select().from(models).where(eq(models.id, id));
    return row;
  },

  async setDefault(db: Executor, id: string) {
    await db.update(models).set({ isDefault: false }).where(ne(models.id, id));
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
