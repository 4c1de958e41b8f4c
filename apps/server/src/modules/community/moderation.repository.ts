import { and, asc, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { ReportReason } from '@lingxi/contract';
import type { Executor } from '../../db/client.js';
import type { TimeKey } from '../../platform/http/cursor.js';
import { postReports, posts } from '../../db/schema/community.js';

export type ReportRow = typeof postReports.$inferSelect;
type PostPatch = Partial<typeof posts.$inferInsert>;

/** One post's reports in the operators' queue, open or resolved (docs/community.md, Moderation and reports). */
export type ReportGroup = {
  postId: number;
  count: number;
  firstAt: Date;
  lastAt: Date;
  /** The newest resolution time of the group (resolved groups only): the resolved list's order. */
  resolvedAt: Date | null;
};

/** Notes shown per post in the report queue (the newest first). */
const DETAILS_SHOWN = 20;

/** Post review and reports: SQL only, over `posts` and `post_reports`. */
export const moderationRepository = {
  /** The post, locked against other decisions until the transaction ends (likes and reports still insert). */
  async lockedPost(tx: Executor, id: number) {
    const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('no key update');
    return row;
  },

  postsByIds(db: Executor, ids: number[]) {
    return ids.length ? db.select().from(posts).where(inArray(posts.id, ids)) : Promise.resolve([]);
  },

  async updatePost(tx: Executor, id: number, patch: PostPatch) {
    const [row] = await tx.update(posts).set(patch).where(eq(posts.id, id)).returning();
    return row!;
  },

  /** The report, unless this user already reported this post: true when a row was added. */
  async insertReport(
    tx: Executor,
    r: { postId: number; reporterId: number; reason: ReportReason; detail: string; createdAt: Date },
  ) {
    const rows = await tx
      .insert(postReports)
      .values(r)
      .onConflictDoNothing({ target: [postReports.postId, postReports.reporterId] })
      .returning({ id: postReports.id });
    return rows.length > 0;
  },

  /**
   * Counts one more open report and, when the count reaches the threshold on a published post, hides it
   * for review, in one statement (the row lock orders concurrent reports, so exactly one crosses it).
   */
  async countReport(tx: Executor, postId: number, threshold: number, now: Date) {
    const crosses = sql`(${posts.status} = 'published' and ${posts.reportCount} + 1 >= ${threshold})`;
    const [row] = await tx
      .update(posts)
      .set({
        reportCount: sql`${posts.reportCount} + 1`,
        status: sql`case when ${crosses} then 'pending_review' else ${posts.status} end`,
        hiddenByReports: sql`${posts.hiddenByReports} or ${crosses}`,
        updatedAt: sql`case when ${crosses} then ${now.toISOString()}::timestamptz else ${posts.updatedAt} end`,
      })
      .where(eq(posts.id, postId))
      .returning();
    return row!;
  },

  /** Resolves a post's open reports; returns who reported them. */
  async resolveOpen(
    tx: Executor,
    postId: number,
    r: { resolution: 'dismiss' | 'remove'; resolvedBy: number; resolvedAt: Date },
  ) {
    const rows = await tx
      .update(postReports)
      .set({ status: 'resolved', ...r })
      .where(and(eq(postReports.postId, postId), eq(postReports.status, 'open')))
      .returning({ reporterId: postReports.reporterId });
    return rows.map((x) => x.reporterId);
  },

  /** How many posts wait for review, and how many posts have open reports (the report queue's groups). */
  async pendingCounts(db: Executor) {
    const [posted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(eq(posts.status, 'pending_review'));
    const [reported] = await db
      .select({ n: sql<number>`count(distinct ${postReports.postId})::int` })
      .from(postReports)
      .innerJoin(posts, eq(posts.id, postReports.postId))
      .where(and(eq(postReports.status, 'open'), ne(posts.status, 'deleted')));
    return { posts: Number(posted?.n ?? 0), reports: Number(reported?.n ?? 0) };
  },

  /** Posts waiting for review, oldest first by when they started waiting. */
  reviewQueue(db: Executor, after: TimeKey | undefined, limit: number) {
    return db
      .select()
      .from(posts)
      .where(
        and(
          eq(posts.status, 'pending_review'),
          after
            ? or(gt(posts.updatedAt, after.at), and(eq(posts.updatedAt, after.at), gt(posts.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(posts.updatedAt), asc(posts.id))
      .limit(limit);
  },

  /**
   * Open reports grouped per post, most reported first (then the newer post): `after` is the last group's
   * [count, post id]. Posts their author deleted are left out (nothing is left to decide).
   */
  async openGroups(db: Executor, after: [number, number] | undefined, limit: number): Promise<ReportGroup[]> {
    const n = sql<number>`count(*)::int`;
    const rows = await db
      .select({
        postId: postReports.postId,
        count: n,
        firstAt: sql<Date>`min(${postReports.createdAt})`.mapWith(postReports.createdAt),
        lastAt: sql<Date>`max(${postReports.createdAt})`.mapWith(postReports.createdAt),
      })
      .from(postReports)
      .innerJoin(posts, eq(posts.id, postReports.postId))
      .where(and(eq(postReports.status, 'open'), ne(posts.status, 'deleted')))
      .groupBy(postReports.postId)
      .having(
        after
          ? sql`(count(*), ${postReports.postId}) < (${after[0]}::bigint, ${after[1]}::bigint)`
          : undefined,
      )
      .orderBy(desc(n), desc(postReports.postId))
      .limit(limit);
    return rows.map((r) => ({ ...r, resolvedAt: null }));
  },

  /** Resolved reports grouped per post, the latest resolved first: `after` is the last group's resolution. */
  async resolvedGroups(db: Executor, after: TimeKey | undefined, limit: number): Promise<ReportGroup[]> {
    const resolvedAt = sql<Date>`max(${postReports.resolvedAt})`.mapWith(postReports.createdAt);
    const rows = await db
      .select({
        postId: postReports.postId,
        count: sql<number>`count(*)::int`,
        firstAt: sql<Date>`min(${postReports.createdAt})`.mapWith(postReports.createdAt),
        lastAt: sql<Date>`max(${postReports.createdAt})`.mapWith(postReports.createdAt),
        resolvedAt,
      })
      .from(postReports)
      .where(eq(postReports.status, 'resolved'))
      .groupBy(postReports.postId)
      .having(
        after
          ? sql`(max(${postReports.resolvedAt}), ${postReports.postId}) < (${after.at.toISOString()}::timestamptz, ${after.id}::bigint)`
          : undefined,
      )
      .orderBy(desc(resolvedAt), desc(postReports.postId))
      .limit(limit);
    return rows;
  },

  /** Per post of the groups: how many reports gave each reason, and the newest notes reporters wrote. */
  async groupDetails(db: Executor, postIds: number[], status: 'open' | 'resolved') {
    if (!postIds.length) return { reasons: [], details: [] };
    const where = and(inArray(postReports.postId, postIds), eq(postReports.status, status));
    const ranked = db
      .select({
        postId: postReports.postId,
        detail: postReports.detail,
        rank: sql<number>`row_number() over (partition by ${postReports.postId} order by ${postReports.id} desc)`.as(
          'rank',
        ),
      })
      .from(postReports)
      .where(and(where, ne(postReports.detail, '')))
      .as('ranked');
    const [reasons, details] = await Promise.all([
      db
        .select({ postId: postReports.postId, reason: postReports.reason, count: sql<number>`count(*)::int` })
        .from(postReports)
        .where(where)
        .groupBy(postReports.postId, postReports.reason)
        .orderBy(desc(sql`count(*)`), asc(postReports.reason)),
      db
        .select({ postId: ranked.postId, detail: ranked.detail })
        .from(ranked)
        .where(lte(ranked.rank, DETAILS_SHOWN))
        .orderBy(asc(ranked.rank)),
    ]);
    return { reasons, details };
  },
};
