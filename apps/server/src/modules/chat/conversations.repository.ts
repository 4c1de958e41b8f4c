import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { conversations, messages } from '../../db/schema.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

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

  async bumpConversation(db: Executor, id: number, p: { lastMessage: string; added: number; at: Date }) {
    await db
      .update(conversations)
      .set({
        lastMessage: p.lastMessage,
        messageCount: sql`${conversations.messageCount} + ${p.added}`,
        updatedAt: p.at,
      })
      .where(eq(conversations.id, id));
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

  /** The newest `limit` messages of a conversation, newest first, with only what a prompt needs. */
  async recentForPrompt(db: Executor, conversationId: number, limit: number) {
    return db
      .select({ id: messages.id, role: messages.role, content: messages.content, status: messages.status })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.id))
      .limit(limit);
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
