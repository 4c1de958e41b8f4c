import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { chinaDayOf, dailyFigure } from '../../db/china-day.js';
import type { Executor } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { conversations, messages } from '../../db/schema/chat.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type PromptMessage = Pick<MessageRow, 'id' | 'role' | 'content' | 'status'>;

/** What a reply whose process died says it failed with. */
export const DEAD_REPLY_ERROR = '服务重启，回复中断';

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

  /** Conversations started per China day in [from, to), deleted ones too: a range of conversations_created_idx. */
  async dailyConversations(db: Executor, from: Date, to: Date) {
    const day = chinaDayOf(conversations.createdAt);
    const rows = await db
      .select({ day, n: count() })
      .from(conversations)
      .where(and(gte(conversations.createdAt, from), lt(conversations.createdAt, to)))
      .groupBy(day);
    return dailyFigure(rows);
  },

  /** Replies completed per China day of their start in [from, to): a range of messages_replies_idx. */
  async dailyReplies(db: Executor, from: Date, to: Date) {
    const day = chinaDayOf(messages.createdAt);
    const rows = await db
      .select({ day, n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.role, 'assistant'),
          eq(messages.status, 'complete'),
          gte(messages.createdAt, from),
          lt(messages.createdAt, to),
        ),
      )
      .groupBy(day);
    return dailyFigure(rows);
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

  /**
   * Chips spent on each of `owned` bots in [from, to) by users other than its creator (their conversations,
   * deleted ones included: the chips were spent).
   */
  async chipsSpentByBot(
    db: Executor,
    from: Date,
    to: Date,
    owned: { botId: number; creatorId: number }[],
  ): Promise<{ botId: number; creatorId: number; chips: number }[]> {
    if (!owned.length) return [];
    const o = JSON.stringify(owned.map((b) => ({ bot_id: b.botId, creator_id: b.creatorId })));
    const { rows } = (await db.execute(sql`
      select o.bot_id as "botId", o.creator_id as "creatorId", sum(m.chips)::bigint as chips
      from jsonb_to_recordset(${o}::jsonb) as o(bot_id bigint, creator_id bigint)
      join ${conversations} c on c.bot_id = o.bot_id and c.user_id <> o.creator_id
      join ${messages} m on m.conversation_id = c.id
      where m.created_at >= ${from.toISOString()}::timestamptz and m.created_at < ${to.toISOString()}::timestamptz
        and m.chips > 0
      group by o.bot_id, o.creator_id
      order by o.bot_id`)) as unknown as { rows: { botId: number; creatorId: number; chips: number }[] };
    return rows.map((r) => ({
      botId: Number(r.botId),
      creatorId: Number(r.creatorId),
      chips: Number(r.chips),
    }));
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

  /**
   * A reply's final state, its conversation's bump (preview, time) and the end of its claim, in one
   * statement: the conversation is updated by a data-modifying CTE, which runs whether or not the main
   * statement reads it. A claim that is no longer this reply's (taken over while it was thought dead) stays.
   */
  async finishReply(
    db: Executor,
    messageId: number,
    patch: Partial<NewMessage>,
    bump: { conversationId: number; lastMessage: string; at: Date; ref: string },
  ) {
    const ours = sql`${conversations.replyRef} = ${bump.ref}`;
    const bumped = db.$with('bumped').as(
      db
        .update(conversations)
        .set({
          lastMessage: bump.lastMessage,
          updatedAt: bump.at,
          replyRef: sql`case when ${ours} then null else ${conversations.replyRef} end`,
          replyLease: sql`case when ${ours} then null else ${conversations.replyLease} end`,
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

  /**
   * A reply's rows (the new question, if any, and the placeholder of the answer) and the claim of their
   * conversation, in one statement: the rows are written only if the conversation is free (or already this
   * reply's), and with them the claim, the count and the title, so the count never parts from the rows. A
   * regenerated reply replaces the last one (`replaces`). Returns the rows in the order given, or nothing
   * when another reply has the conversation.
   */
  async writeReply(
    db: Executor,
    w: {
      conversationId: number;
      userId: number;
      ref: string;
      leaseMs: number;
      rows: NewMessage[];
      replaces?: number;
      title?: string;
    },
  ): Promise<MessageRow[] | undefined> {
    const replaced = and(eq(messages.id, w.replaces ?? 0), eq(messages.conversationId, w.conversationId));
    const claimed = db.$with('claimed').as(
      db
        .update(conversations)
        .set({
          replyRef: w.ref,
          replyLease: sql`now() + ${w.leaseMs} * interval '1 millisecond'`,
          messageCount: sql`${conversations.messageCount} + ${w.rows.length}
            - (select count(*) from ${messages} where ${replaced})`,
          ...(w.title
            ? {
                title: sql`case when ${conversations.title} = '' then ${w.title} else ${conversations.title} end`,
              }
            : {}),
        })
        .where(
          and(
            eq(conversations.id, w.conversationId),
            eq(conversations.userId, w.userId),
            isNull(conversations.deletedAt),
            or(isNull(conversations.replyRef), eq(conversations.replyRef, w.ref)),
          ),
        )
        .returning({ id: conversations.id }),
    );
    const removed = db.$with('removed').as(
      db
        .delete(messages)
        .where(and(replaced, sql`exists (select 1 from claimed)`))
        .returning({ id: messages.id }),
    );
    // The columns in the table's order, as an insert from a select lists them (the id's next value is
    // taken only for rows the claim lets through).
    const tuple = (m: NewMessage) =>
      sql`(${m.conversationId}::bigint, ${m.userId}::bigint, ${m.role}::text, ${m.content}::text,
        ${m.status}::text, ${m.modelId ?? null}::text, ${m.chips ?? 0}::integer, ${m.rating ?? 0}::smallint,
        ${m.error ?? null}::text, ${JSON.stringify(m.citations ?? [])}::jsonb, ${m.promptTokens ?? 0}::integer,
        ${m.completionTokens ?? 0}::integer, ${m.createdAt ?? new Date()}::timestamptz)`;
    const inserted = await db
      .with(claimed, removed)
      .insert(messages)
      .select(
        // Drizzle lists the id too, and drops `.overridingSystemValue()` on an insert from a select.
        sql`overriding system value select nextval(pg_get_serial_sequence('messages', 'id')), v.*
            from (values ${sql.join(w.rows.map(tuple), sql`, `)}) as v
            where exists (select 1 from claimed)`,
      )
      .returning();
    return inserted.length ? inserted.sort((a, b) => a.id - b.id) : undefined;
  },

  async softDeleteConversation(db: Executor, id: number, at: Date) {
    await db.delete(messages).where(eq(messages.conversationId, id));
    await db.update(conversations).set({ deletedAt: at }).where(eq(conversations.id, id));
  },

  async updateMessage(db: Executor, id: number, patch: Partial<NewMessage>) {
    const [row] = await db.update(messages).set(patch).where(eq(messages.id, id)).returning();
    return row!;
  },

  async messageOf(db: Executor, userId: number, id: number) {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.userId, userId)));
    return row;
  },

  /** These messages of a conversation (any it does not hold are left out), oldest first. */
  async messagesByIds(db: Executor, conversationId: number, ids: number[]): Promise<PromptMessage[]> {
    if (!ids.length) return [];
    return db
      .select({ id: messages.id, role: messages.role, content: messages.content, status: messages.status })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), inArray(messages.id, ids)))
      .orderBy(messages.id);
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

  /**
   * Replies left `streaming` for longer than any reply takes outside any claim (written before claims
   * existed); a claimed one is settled by its lease instead.
   */
  async failStaleStreaming(db: Executor, olderThan: Date) {
    await db
      .update(messages)
      .set({ status: 'failed', error: DEAD_REPLY_ERROR })
      .where(
        and(
          eq(messages.status, 'streaming'),
          lt(messages.createdAt, olderThan),
          sql`not exists (select 1 from ${conversations} c
            where c.id = ${messages.conversationId} and c.reply_ref is not null)`,
        ),
      );
  },
};
