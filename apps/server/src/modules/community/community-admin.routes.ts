import {
  adminRemoveBody,
  adminTopic,
  adminTopicList,
  contentDecisionBody,
  cursorQuery,
  envelope,
  okData,
  page,
  post,
  postIdParams,
  postReviewItem,
  reportQueueItem,
  reportQueueQuery,
  reportResolveBody,
  reviewCounts,
  topicBody,
  topicIdParams,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import {
  presentAdminTopic,
  presentPostForOperators,
  presentPostReviewItem,
  presentReportQueueItem,
} from './moderation.presenter.js';
import type { ModerationService } from './moderation.service.js';
import type { TopicsService } from './topics.service.js';

/** Operators (role admin, audited): `/admin/review/counts`, `/admin/review/post…`, `/admin/report…`, `/admin/post|comment/{id}`, `/admin/topic…`. */
export const communityAdminRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  topics: TopicsService;
}> = async (app, { moderation, topics }) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  const done = ok({ ok: true as const });

  app.get(
    '/admin/review/counts',
    {
      config,
      schema: {
        tags,
        summary: '运营：各审核队列的待处理数（智能体、帖子、评论、被举报的帖子）',
        response: { 200: envelope(reviewCounts) },
      },
    },
    async () => ok(await moderation.reviewCounts()),
  );

  app.get(
    '/admin/review/post',
    {
      config,
      schema: {
        tags,
        summary: '运营：待审核的帖子（先进入队列的在前）',
        querystring: cursorQuery,
        response: { 200: envelope(page(postReviewItem)) },
      },
    },
    async (req) =>
      ok(
        presentPage(
          await moderation.reviewQueue(userOf(req).id, req.query.cursor, req.query.limit),
          presentPostReviewItem,
        ),
      ),
  );

  app.post(
    '/admin/review/post/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：审核帖子（通过或驳回，驳回须填写原因）',
        params: postIdParams,
        body: contentDecisionBody,
        response: { 200: envelope(post) },
      },
    },
    async (req) =>
      ok(presentPostForOperators(await moderation.decide(userOf(req).id, req.params.id, req.body))),
  );

  app.get(
    '/admin/report',
    {
      config,
      schema: {
        tags,
        summary: '运营：举报队列（按帖子汇总；待处理的被举报最多的在前）',
        querystring: reportQueueQuery,
        response: { 200: envelope(page(reportQueueItem)) },
      },
    },
    async (req) =>
      ok(presentPage(await moderation.reportQueue(userOf(req).id, req.query), presentReportQueueItem)),
  );

  app.post(
    '/admin/report/:id/resolve',
    {
      config,
      schema: {
        tags,
        summary: '运营：处理帖子的举报（dismiss 保留帖子，remove 删除帖子并须填写原因）',
        params: postIdParams,
        body: reportResolveBody,
        response: { 200: envelope(post) },
      },
    },
    async (req) =>
      ok(presentPostForOperators(await moderation.resolve(userOf(req).id, req.params.id, req.body))),
  );

  app.delete(
    '/admin/post/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：删除帖子（须填写原因，作者会收到通知）',
        params: postIdParams,
        body: adminRemoveBody,
        response: { 200: envelope(okData) },
      },
    },
    async (req) => {
      await moderation.removePost(userOf(req).id, req.params.id, req.body.reason);
      return done;
    },
  );

  app.get(
    '/admin/topic',
    {
      config,
      schema: {
        tags,
        summary: '运营：全部话题（含已停用的，附已发布帖子数）',
        response: { 200: envelope(adminTopicList) },
      },
    },
    async () => ok({ list: (await topics.adminList()).map(presentAdminTopic) }),
  );

  app.post(
    '/admin/topic',
    {
      config,
      schema: {
        tags,
        summary: '运营：新建话题（名称不能重复）',
        body: topicBody,
        response: { 200: envelope(adminTopic) },
      },
    },
    async (req) => ok(presentAdminTopic(await topics.create(userOf(req).id, req.body))),
  );

  app.put(
    '/admin/topic/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：修改话题（名称、排序、启用）',
        params: topicIdParams,
        body: topicBody,
        response: { 200: envelope(adminTopic) },
      },
    },
    async (req) => ok(presentAdminTopic(await topics.update(userOf(req).id, req.params.id, req.body))),
  );

  app.delete(
    '/admin/topic/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：删除话题（没有帖子使用时才能删除，否则请停用）',
        params: topicIdParams,
        response: { 200: envelope(okData) },
      },
    },
    async (req) => {
      await topics.remove(userOf(req).id, req.params.id);
      return done;
    },
  );
};
