import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { bots, type BotContent, users } from '../../db/schema.js';
import { flatten, withCreator, type NewBot } from './bots.repository.js';

/** The columns of a bot's editable settings. */
export const columnsOf = (c: BotContent) => ({
  name: c.name,
  avatar: c.avatar,
  intro: c.intro,
  categoryId: c.categoryId,
  tags: c.tags,
  persona: c.persona,
  greeting: c.greeting,
  questions: c.questions,
  modelId: c.modelId,
  temperature: c.temperature,
  knowledgeBaseIds: c.knowledgeBaseIds,
});

/** Users' own bots and the review queue: SQL only. */
export const myBotsRepository = {
  /** Serialises a user's creations, so two at once cannot both pass the limit. */
  async lockCreator(tx: Executor, userId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bots:create:${userId}`}, 0))`);
  },

  async countOf(db: Executor, creatorId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(bots)
      .where(and(eq(bots.creatorId, creatorId), isNull(bots.deletedAt)));
    return Number(row?.n ?? 0);
  },

  async insert(db: Executor, bot: NewBot) {
    const [row] = await db.insert(bots).values(bot).returning({ id: bots.id });
    return row!.id;
  },

  /** A bot of this creator (not deleted), locked for the rest of the transaction when `lock`. */
  async own(db: Executor, creatorId: number, id: number, lock = false) {
    const q = db
      .select()
      .from(bots)
      .where(and(eq(bots.id, id), eq(bots.creatorId, creatorId), isNull(bots.deletedAt)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async lockedById(tx: Executor, id: number) {
    const [row] = await tx
      .select()
      .from(bots)
      .where(and(eq(bots.id, id), isNull(bots.deletedAt)))
      .for('update');
    return row;
  },

  async update(db: Executor, id: number, patch: Partial<NewBot>) {
    await db.update(bots).set(patch).where(eq(bots.id, id));
  },

  async mine(db: Executor, creatorId: number, beforeId: number | undefined, limit: number) {
    const rows = await db
      .select(withCreator)
      .from(bots)
      .leftJoin(users, eq(users.id, bots.creatorId))
      .where(
        and(
          eq(bots.creatorId, creatorId),
          isNull(bots.deletedAt),
          beforeId ? lt(bots.id, beforeId) : undefined,
        ),
      )
      .orderBy(desc(bots.id))
      .limit(limit);
    return rows.map(flatten);
  },

  /** Bots and edits waiting for review, the longest waiting first. */
  async queue(db: Executor, after: [number, number] | undefined, limit: number) {
    const rows = await db
      .select(withCreator)
      .from(bots)
      .leftJoin(users, eq(users.id, bots.creatorId))
      .where(
        and(
          isNotNull(bots.submittedAt),
          isNull(bots.deletedAt),
          after
            ? or(
                gt(bots.submittedAt, new Date(after[0])),
                and(eq(bots.submittedAt, new Date(after[0])), gt(bots.id, after[1])),
              )
            : undefined,
        ),
      )
      .orderBy(asc(bots.submittedAt), asc(bots.id))
      .limit(limit);
    return rows.map(flatten);
  },
};
