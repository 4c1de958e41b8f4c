import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { conversations, messages } from '../../db/schema/chat.js';
import { DEAD_REPLY_ERROR } from './conversations.repository.js';

/** A claim whose process died, settled: whose hold it was, to let go. */
export type DeadClaim = { userId: number; ref: string };

const lease = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/** Rows of a raw statement, on either driver (both answer `{ rows }`). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The claims that keep one reply at a time per conversation (conversations.reply_ref, reply_lease; migration
 * 0011). Leases are in database time: the one clock every process sharing the database agrees on.
 */
export const replyClaimsRepository = {
  /**
   * Claims the conversation for a reply, if no other reply has it: the row count decides, so of any
   * number of concurrent claims (in any number of processes) exactly one wins.
   */
  async claim(db: Executor, c: { conversationId: number; userId: number; ref: string; leaseMs: number }) {
    const rows = await db
      .update(conversations)
      .set({ replyRef: c.ref, replyLease: lease(c.leaseMs) })
      .where(
        and(
          eq(conversations.id, c.conversationId),
          eq(conversations.userId, c.userId),
          isNull(conversations.deletedAt),
          isNull(conversations.replyRef),
        ),
      )
      .returning({ id: conversations.id });
    return rows.length === 1;
  },

  /** Ends a claim that never got its reply settled (refused after it was taken, or its settling failed). */
  async release(db: Executor, conversationId: number, ref: string) {
    await db
      .update(conversations)
      .set({ replyRef: null, replyLease: null })
      .where(and(eq(conversations.id, conversationId), eq(conversations.replyRef, ref)));
  },

  /** Extends this process's claims by `leaseMs` from now. */
  async renew(db: Executor, claims: { conversationId: number; ref: string }[], leaseMs: number) {
    if (!claims.length) return;
    await db.execute(
      sql`update conversations set reply_lease = ${lease(leaseMs)}
          where id = any(${sql.param(claims.map((c) => c.conversationId))}::bigint[])
            and reply_ref = any(${sql.param(claims.map((c) => c.ref))}::text[])`,
    );
  },

  /** The text of replies still streaming so far, so that a reply whose process dies keeps what it said. */
  async saveTexts(db: Executor, texts: { messageId: number; text: string }[]) {
    if (!texts.length) return;
    await db.execute(
      sql`update messages m set content = u.text
          from unnest(${sql.param(texts.map((t) => t.messageId))}::bigint[],
                      ${sql.param(texts.map((t) => t.text))}::text[]) as u(id, text)
          where m.id = u.id and m.status = 'streaming'`,
    );
  },

  /**
   * Settles the replies of dead processes, in one statement: each claim whose lease ran out (`all`: every
   * claim) ends, and its conversation's `streaming` reply fails, keeping its text. Locked and re-checked
   * row by row, so a claim is settled once however many processes try, and a new claim can only follow
   * the commit (its reply is never the one failed). `except`: this process's own claims, never dead.
   */
  async settleDead(db: Executor, o: { conversationId?: number; all: boolean; except: string[] }) {
    return rowsOf<DeadClaim>(
      db,
      sql`with dead as (
            select id, user_id, reply_ref from conversations
            where reply_ref is not null and (${o.all} or reply_lease < now())
              and not (reply_ref = any(${sql.param(o.except)}::text[]))
              ${o.conversationId === undefined ? sql`` : sql`and id = ${o.conversationId}`}
            for update),
          cleared as (
            update conversations c set reply_ref = null, reply_lease = null
            from dead where c.id = dead.id
            returning c.id),
          failed as (
            update messages m set status = 'failed', error = ${DEAD_REPLY_ERROR}
            from cleared where m.conversation_id = cleared.id and m.status = 'streaming')
          select dead.user_id as "userId", dead.reply_ref as ref from dead`,
    );
  },

  /**
   * Fails every reply still `streaming`, claimed or not: for a process that owns its database and has just
   * started, when whatever is streaming was a dead process's.
   */
  async failAllStreaming(db: Executor) {
    await db
      .update(messages)
      .set({ status: 'failed', error: DEAD_REPLY_ERROR })
      .where(eq(messages.status, 'streaming'));
  },
};
