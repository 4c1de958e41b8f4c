import type { Comment, CommentThread, CreateCommentBody, Notice, Page } from '@lingxi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { commentLikes, comments, posts, userBlocks } from '../src/db/schema/community.js';
import type { TestApp } from './helpers.js';

/** `POST /api/v1/post/{id}/comment` as the user, answered as it is. */
export const commentOn = (t: TestApp, token: string, postId: number, body: CreateCommentBody | string) =>
  t.call<Comment>('POST', `/api/v1/post/${postId}/comment`, {
    token,
    body: typeof body === 'string' ? { content: body } : body,
  });

/** A comment (or, with `replyTo`, a reply) that must be accepted. */
export async function addComment(
  t: TestApp,
  token: string,
  postId: number,
  content: string,
  replyTo?: number,
) {
  const res = await commentOn(t, token, postId, { content, ...(replyTo ? { reply_to: replyTo } : {}) });
  if (res.body.code !== 0) throw new Error(`comment refused: ${res.body.msg}`);
  return res.body.data;
}

/** `GET /api/v1/post/{id}/comment` as the viewer (none: logged out). */
export const threadsOf = async (t: TestApp, postId: number, token?: string, q = '') =>
  (await t.call<Page<CommentThread>>('GET', `/api/v1/post/${postId}/comment${q}`, { token })).body;

/** `GET /api/v1/comment/{id}/reply` as the viewer. */
export const repliesOf = async (t: TestApp, rootId: number, token?: string, q = '') =>
  (await t.call<Page<Comment>>('GET', `/api/v1/comment/${rootId}/reply${q}`, { token })).body;

/** Every page of a cursor-paged list, following `next_cursor`. */
export async function allPages<T>(fetch: (q: string) => Promise<{ data: Page<T> }>, limit: number) {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page: Page<T> = (await fetch(q)).data;
    out.push(...page.list);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

/** The post's stored comment count, and what its rows say it should be (every published comment and reply). */
export async function commentCounts(t: TestApp, postId: number) {
  const [post] = await t.db.select({ n: posts.commentCount }).from(posts).where(eq(posts.id, postId));
  const [rows] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.postId, postId), eq(comments.status, 'published')));
  return { stored: post!.n, rows: Number(rows!.n) };
}

/** A comment's stored counts, and what the rows say they should be. */
export async function counts(t: TestApp, commentId: number) {
  const [row] = await t.db.select().from(comments).where(eq(comments.id, commentId));
  const [likes] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(commentLikes)
    .where(eq(commentLikes.commentId, commentId));
  const [replies] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.rootId, commentId), eq(comments.status, 'published')));
  return {
    likeCount: row!.likeCount,
    likeRows: Number(likes!.n),
    replyCount: row!.replyCount,
    replyRows: Number(replies!.n),
  };
}

/** 拉黑, written straight into the table (the block routes are the posts' side). */
export async function block(t: TestApp, blockerId: number, blockedId: number) {
  await t.db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** A user's notices of a category (opening them marks them read, as the app does). */
export const noticesOf = async (t: TestApp, token: string, category: 'interaction' | 'review') =>
  (await t.call<Page<Notice>>('GET', `/api/v1/notice?category=${category}&limit=50`, { token })).body.data
    .list;
