import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feedback } from '../../db/schema/feedback.js';

export type NewFeedback = typeof feedback.$inferInsert;

export const feedbackRepository = {
  async insert(db: Executor, row: NewFeedback) {
    const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id });
    return inserted!;
  },

  async eraseContactsOf(db: Executor, userId: number) {
    await db.update(feedback).set({ contact: null, userAgent: null }).where(eq(feedback.userId, userId));
  },
};
