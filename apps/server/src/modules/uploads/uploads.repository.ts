import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { uploadGrants, uploads } from '../../db/schema/uploads.js';

export type UploadRow = typeof uploads.$inferSelect;
export type GrantRow = typeof uploadGrants.$inferSelect;

export const uploadsRepository = {
  async insertGrant(db: Executor, grant: typeof uploadGrants.$inferInsert) {
    const [row] = await db.insert(uploadGrants).values(grant).returning();
    return row!;
  },

  async grantByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db.select().from(uploadGrants).where(eq(uploadGrants.tokenHash, tokenHash));
    return row;
  },

  /** Marks a live grant used; undefined when it was used (or expired) meanwhile: only one caller wins. */
  async consumeGrant(db: Executor, id: number, at: Date) {
    const [row] = await db
      .update(uploadGrants)
      .set({ usedAt: at })
      .where(and(eq(uploadGrants.id, id), isNull(uploadGrants.usedAt), gt(uploadGrants.expiresAt, at)))
      .returning();
    return row;
  },

  async insertUpload(db: Executor, upload: typeof uploads.$inferInsert) {
    const [row] = await db.insert(uploads).values(upload).returning();
    return row!;
  },

  async uploadById(db: Executor, id: number) {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    return row;
  },

  uploadsByIds(db: Executor, ids: number[]) {
    return ids.length ? db.select().from(uploads).where(inArray(uploads.id, ids)) : Promise.resolve([]);
  },

  async uploadByKey(db: Executor, key: string) {
    const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
    return row;
  },

  async deleteUpload(db: Executor, id: number) {
    await db.delete(uploads).where(eq(uploads.id, id));
  },
};
