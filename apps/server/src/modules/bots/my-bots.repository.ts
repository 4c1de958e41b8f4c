import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { TimeKey } from '../../platform/http/cursor.js';
import { bots, type BotContent } from '../../db/schema/bots.js';
import type { NewBot } from './bots.repository.js';

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
    return db
      .select()
      .from(bots)
      .where(
        and(
          eq(bots.creatorId, creatorId),
          isNull(bots.deletedAt),
          beforeId ? lt(bots.id, beforeId) : undefined,
        ),
      )
      .orderBy(desc(bots.id))
      .limit(limit);
  },

  /**
   * Takes a deleted knowledge base off its owner's bots (the live settings and a waiting edit). Returns the
   * bots it changed.
   */
  async detachKnowledgeBase(tx: Executor, creatorId: number, baseId: number) {
    const one = JSON.stringify([baseId]);
    const without = (ids: SQL) =>
      sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${ids}) e where e <> ${baseId}::text::jsonb)`;
    const pendingIds = sql`coalesce(${bots.pending} -> 'knowledgeBaseIds', '[]'::jsonb)`;
    const rows = await tx
      .update(bots)
      .set({
        knowledgeBaseIds: sql`${without(sql`${bots.knowledgeBaseIds}`)}`,
        pending: sql`case when ${bots.pending} is null then null
          else jsonb_set(${bots.pending}, '{knowledgeBaseIds}', ${without(pendingIds)}) end`,
      })
      .where(
        and(
          eq(bots.creatorId, creatorId),
          or(sql`${bots.knowledgeBaseIds} @> ${one}::jsonb`, sql`${pendingIds} @> ${one}::jsonb`),
        ),
      )
      .returning({ id: bots.id });
    return rows.map((r) => r.id);
  },

  /** Bots and edits waiting for review, the longest waiting first. */
  /** How many bots (new ones and edits) wait in the review queue: a count of bots_review_queue_idx. */
  async queueCount(db: Executor) {
    const [row] = await db
      .select({ n: count() })
      .from(bots)
      .where(and(isNotNull(bots.submittedAt), isNull(bots.deletedAt)));
    return Number(row?.n ?? 0);
  },

  async queue(db: Executor, after: TimeKey | undefined, limit: number) {
    return db
      .select()
      .from(bots)
      .where(
        and(
          isNotNull(bots.submittedAt),
          isNull(bots.deletedAt),
          after
            ? or(gt(bots.submittedAt, after.at), and(eq(bots.submittedAt, after.at), gt(bots.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(bots.submittedAt), asc(bots.id))
      .limit(limit);
  },
};
