import {
  adminContentPage,
  adminContentPageList,
  contentPageBody,
  contentParams,
  envelope,
  sensitiveWordList,
  sensitiveWordsBody,
  sensitiveWordsSaved,
  sensitiveWordsTestBody,
  sensitiveWordsTestResult,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import {
  presentContentPageItem,
  presentWordHits,
  presentWordList,
  presentWordsSaved,
} from './content-admin.presenter.js';
import type { ContentAdminService } from './content-admin.service.js';
import { presentAdminContentPage } from './settings.presenter.js';

/** Content pages (Markdown) and the sensitive-word list (role admin, audited; docs/admin.md, Content). */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ content: ContentAdminService }> = async (
  app,
  { content },
) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };

  app.get(
    '/admin/content',
    {
      config,
      schema: {
        tags,
        summary: '运营：内容页面列表（协议、帮助中心、关于我们、更新日志）',
        response: { 200: envelope(adminContentPageList) },
      },
    },
    async () => ok({ list: (await content.pages()).map(presentContentPageItem) }),
  );

  app.get(
    '/admin/content/:slug',
    {
      config,
      schema: {
        tags,
        summary: '运营：内容页面（Markdown 原文）',
        params: contentParams,
        response: { 200: envelope(adminContentPage) },
      },
    },
    async (req) => ok(presentAdminContentPage(await content.page(req.params.slug))),
  );

  app.put(
    '/admin/content/:slug',
    {
      config,
      schema: {
        tags,
        summary: '运营：保存内容页面（标题与 Markdown 正文，最多100KB；App 立即显示新内容）',
        params: contentParams,
        body: contentPageBody,
        response: { 200: envelope(adminContentPage) },
      },
    },
    async (req) =>
      ok(presentAdminContentPage(await content.savePage(userOf(req).id, req.params.slug, req.body))),
  );

  app.get(
    '/admin/sensitive-words',
    {
      config,
      schema: { tags, summary: '运营：敏感词列表', response: { 200: envelope(sensitiveWordList) } },
    },
    async () => ok(presentWordList(await content.words())),
  );

  app.put(
    '/admin/sensitive-words',
    {
      config,
      schema: {
        tags,
        summary:
          '运营：保存敏感词列表（整表替换，去重，每个1–30个字，最多5000个；新发布的内容立即按新列表检测）',
        body: sensitiveWordsBody,
        response: { 200: envelope(sensitiveWordsSaved) },
      },
    },
    async (req) => ok(presentWordsSaved(await content.saveWords(userOf(req).id, req.body))),
  );

  app.post(
    '/admin/sensitive-words/test',
    {
      config,
      schema: {
        tags,
        summary: '运营：检测一段文字命中的敏感词及位置（可带未保存的候选列表）',
        body: sensitiveWordsTestBody,
        response: { 200: envelope(sensitiveWordsTestResult) },
      },
    },
    async (req) => ok(presentWordHits(req.body.text, await content.test(req.body.text, req.body.words))),
  );
};
