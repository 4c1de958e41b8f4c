import type { CreatePostBody, Post } from '@lingxi/contract';
import { posts } from '../src/db/schema/community.js';
import { postScore } from '../src/modules/community/rank.js';
import type { TestApp } from './helpers.js';

type PostInsert = typeof posts.$inferInsert;

/**
 * A post written straight into the table (for tests of comments, moderation and notices that need a post to
 * exist whatever the publishing rules): published now by `authorId` unless told otherwise.
 */
export async function seedPost(t: TestApp, authorId: number, o: Partial<PostInsert> = {}) {
  const createdAt = o.createdAt ?? t.clock.now();
  const [row] = await t.db
    .insert(posts)
    .values({
      authorId,
      content: '今天和智能体聊了聊旅行计划',
      status: 'published',
      score: postScore(o.likeCount ?? 0, o.commentCount ?? 0, o.favouriteCount ?? 0, createdAt),
      createdAt,
      updatedAt: createdAt,
      ...o,
    })
    .returning();
  return row!;
}

/** `POST /api/v1/post` as the user; throws on a refusal. */
export async function createPost(t: TestApp, token: string, body: Partial<CreatePostBody> = {}) {
  const res = await t.call<Post>('POST', '/api/v1/post', {
    token,
    body: { content: '分享一段和智能体的对话', images: [], ...body },
  });
  if (res.body.code !== 0) throw new Error(`post refused: ${res.body.msg}`);
  return res.body.data;
}
