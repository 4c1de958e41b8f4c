import {
  adminCommentReviewItem,
  adminRemoveBody,
  comment,
  commentIdParams,
  commentReviewItem,
  commentThread,
  contentDecisionBody,
  createCommentBody,
  cursorQuery,
  envelope,
  likeData,
  okData,
  page,
  postIdParams,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import {
  presentAdminCommentReviewItem,
  presentComment,
  presentCommentReviewItem,
  presentCommentThread,
} from './comments.presenter.js';
import { presentLike } from './community.presenter.js';
import type { CommentsService } from './comments.service.js';

/** `/post/{id}/comment`, `/comment/{id}…`, and the operators' `/admin/review/comment…`, `/admin/comment/{id}`. */
export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (
  app,
  { comments },
) => {
  const tags = ['community'];

  app.get(
    '/post/:id/comment',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '帖子的评论（最新在前），每条带前几条回复',
        params: postIdParams,
        querystring: cursorQuery,
        response: { 200: envelope(page(commentThread)) },
      },
    },
    async (req) =>
      ok(presentPage(await comments.list(req.user, req.params.id, req.query), presentCommentThread)),
  );

  app.post(
    '/post/:id/comment',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '发表评论或回复（reply_to：回复的评论）',
        params: postIdParams,
        body: createCommentBody,
        response: { 200: envelope(comment) },
      },
    },
    async (req) => ok(presentComment(await comments.create(userOf(req), req.params.id, req.body))),
  );

  app.get(
    '/comment/:id/reply',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '一条评论的回复（最早在前）',
        params: commentIdParams,
        querystring: cursorQuery,
        response: { 200: envelope(page(comment)) },
      },
    },
    async (req) =>
      ok(presentPage(await comments.replies(req.user, req.params.id, req.query), presentComment)),
  );

  app.delete(
    '/comment/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '删除评论（评论者或帖子作者）',
        params: commentIdParams,
        response: { 200: envelope(okData) },
      },
    },
    async (req) => {
      await comments.remove(userOf(req), req.params.id);
      return ok({ ok: true as const });
    },
  );

  for (const on of [true, false]) {
    const route = on ? app.post.bind(app) : app.delete.bind(app);
    route(
      '/comment/:id/like',
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary: on ? '点赞评论' : '取消点赞评论',
          params: commentIdParams,
          response: { 200: envelope(likeData) },
        },
      },
      async (req) => {
        const user = userOf(req);
        const r = on ? await comments.like(user, req.params.id) : await comments.unlike(user, req.params.id);
        return ok(presentLike(r));
      },
    );
  }

  const admin = { auth: 'admin' as const };
  const adminTags = ['admin'];

  app.get(
    '/admin/review/comment',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：待审核的评论（先发表的在前）',
        querystring: cursorQuery,
        response: { 200: envelope(page(adminCommentReviewItem)) },
      },
    },
    async (req) =>
      ok(
        presentPage(
          await comments.reviewQueue(req.query.cursor, req.query.limit),
          presentAdminCommentReviewItem,
        ),
      ),
  );

  app.post(
    '/admin/review/comment/:id',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：审核评论（通过或驳回，驳回须填写原因）',
        params: commentIdParams,
        body: contentDecisionBody,
        response: { 200: envelope(commentReviewItem) },
      },
    },
    async (req) =>
      ok(presentCommentReviewItem(await comments.decide(userOf(req).id, req.params.id, req.body))),
  );

  app.delete(
    '/admin/comment/:id',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：移除评论（作者会收到原因）',
        params: commentIdParams,
        body: adminRemoveBody,
        response: { 200: envelope(commentReviewItem) },
      },
    },
    async (req) =>
      ok(
        presentCommentReviewItem(await comments.adminRemove(userOf(req).id, req.params.id, req.body.reason)),
      ),
  );
};
