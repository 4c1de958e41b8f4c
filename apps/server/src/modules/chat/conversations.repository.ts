import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { conversations, messages } from '../../db/schema/chat.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type PromptMessage = Pick<MessageRow, 'id' | 'role' | 'content' | 'status'>;

const conversationForReply = preparedPerDb((db) =>
  db
    .select({
      conversation: conversations,
      recent: sql<PromptMessage[]>`coalesce((
        select json_agg(m order by m.id desc)
        from (select id, role, content, status from messages
          where conversation_id = conversations.id order by id desc limit ${sql.placeholder('limit')}) m), '[]')`,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, sql.placeholder('id')),
        eq(conversations.userId, sql.placeholder('userId')),
        isNull(conversations.deletedAt),
      ),
    )
    .prepare('conversation_for_reply'),
);

export const conversationsRepository = {
  async insertConversation(db: Executor, c: typeof conversations.$inferInsert) {
    const [row] = await db.insert(conversations).values(c).returning();
    return row!;
  },

  async conversationOf(db: Executor, userId: number, id: number) {
    const [row] = await db
      .select()
      .from(conversations)
      .where(
        and(eq(conversations.id, id), eq(conversations.userId, userId), isNull(conversations.deletedAt)),
      );
    return row;
  },

  /** Has this user ever talked to the bot (deleted conversations count too)? */
  async hasTalkedTo(db: Executor, userId: number, botId: number) {
    const [row] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userId, userId), eq(conversations.botId, botId)))
      .limit(1);
    return !!row;
  },

  async list(db: Executor, userId: number, f: { botId?: number; before?: [number, number]; limit: number }) {
    const key = sql`floor(extract(epoch from ${conversations.updatedAt}) * 1000)::bigint`;
    return db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.userId, userId),
          isNull(conversations.deletedAt),
          f.botId ? eq(conversations.botId, f.botId) : undefined,
          f.before ? sql`(${key}, ${conversations.id}) < (${f.before[0]}, ${f.before[1]})` : undefined,
        ),
      )
      .orderBy(desc(key), desc(conversations.id))
      .limit(f.limit);
  },

  async updateConversation(db: Executor, id: number, patch: Partial<typeof conversations.$inferInsert>) {
    await db.update(conversations).set(patch).where(eq(conversations.id, id));
  },

  /**
   * A reply's final state and its conversation's bump (preview, count, time) in one statement: the
   * conversation is updated by a data-modifying CTE, which runs whether or not the main statement reads it.
   */
  async finishReply(
    db: Executor,
    messageId: number,
    patch: Partial<NewMessage>,
    bump: { conversationId: number; lastMessage: string; added: number; at: Date },
  ) {
    const bumped = db.$with('bumped').as(
      db
        .update(conversations)
        .set({
          lastMessage: bump.lastMessage,
          messageCount: sql`${conversations.messageCount} + ${bump.added}`,
          updatedAt: bump.at,
        })
        .where(eq(conversations.id, bump.conversationId))
        .returning({ id: conversations.id }),
    );
    const [row] = await db
      .with(bumped)
      .update(messages)
      .set(patch)
      .where(eq(messages.id, messageId))
      .returning();
    return row!;
  },

  async softDeleteConversation(db: Executor, id: number, at: Date) {
    await db.delete(messages).where(eq(messages.conversationId, id));
    await db.update(conversations).set({ deletedAt: at }).where(eq(conversations.id, id));
  },

  async insertMessage(db: Executor, m: NewMessage) {
    const [row] = await db.insert(messages).values(m).returning();
    return row!;
  },

  /** Several messages in one statement; rows come back in the order given. */
  async insertMessages(db: Executor, rows: NewMessage[]) {
    const inserted = await db.insert(messages).values(rows).returning();
    return inserted.sort((a, b) => a.id - b.id);
  },

  async updateMessage(db: Executor, id: number, patch: Partial<NewMessage>) {
    const [row] = await db.update(messages).set(patch).where(eq(messages.id, id)).returning();
    return row!;
  },

  async deleteMessage(db: Executor, id: number) {
    await db.delete(messages).where(eq(messages.id, id));
  },

  async messageOf(db: Executor, userId: number, id: number) {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.userId, userId)));
    return row;
  },

  /** Newest first; `beforeId` pages backwards. */
  async messages(db: Executor, conversationId: number, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(messages)
      .where(
        and(eq(messages.conversationId, conversationId), beforeId ? lt(messages.id, beforeId) : undefined),
      )
      .orderBy(desc(messages.id))
      .limit(limit);
  },

  /**
   * The user's conversation with its newest `limit` messages (newest first, only what a prompt needs), in
   * one statement: a reply reads nothing else before the model is asked.
   */
  async conversationForReply(db: Executor, userId: number, id: number, limit: number) {
    const [row] = await conversationForReply(db).execute({ id, userId, limit });
    return row;
  },

  async lastMessages(db: Executor, conversationIds: number[]) {
    if (!conversationIds.length) return [];
    return db
      .selectDistinctOn([messages.conversationId])
      .from(messages)
      .where(inArray(messages.conversationId, conversationIds))
      .orderBy(messages.conversationId, desc(messages.id));
  },

  /** Replies a crashed process left `streaming` for longer than any reply takes. */
  async failStaleStreaming(db: Executor, olderThan: Date) {
    await db
      .update(messages)
      .set({ status: 'failed', error: '服务重启，回复中断' })
      .where(and(eq(messages.status, 'streaming'), lt(messages.createdAt, olderThan)));
  },
};
