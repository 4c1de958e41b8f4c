import {
  createSnippetBody,
  cursorQuery,
  envelope,
  okData,
  page,
  snippet,
  snippetIdParams,
  updateSnippetBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { presentSnippet } from './snippets.presenter.js';
import type { SnippetsService } from './snippets.service.js';

/** `/snippet…`: a user's own snippets (docs/community.md, Snippets). */
export const snippetsRoutes: FastifyPluginAsyncZod<{ snippets: SnippetsService }> = async (
  app,
  { snippets },
) => {
  const tags = ['snippets'];
  const config = { auth: 'required' as const };

  app.post(
    '/snippet',
    {
      config,
      schema: {
        tags,
        summary: '保存片段（复制所选消息的文字）',
        body: createSnippetBody,
        response: { 200: envelope(snippet) },
      },
    },
    async (req) => ok(presentSnippet(await snippets.create(userOf(req), req.body), true)),
  );

  app.get(
    '/snippet',
    {
      config,
      schema: {
        tags,
        summary: '我的片段（从新到旧；每个只带前几条消息的预览）',
        querystring: cursorQuery,
        response: { 200: envelope(page(snippet)) },
      },
    },
    async (req) =>
      ok(presentPage(await snippets.list(userOf(req), req.query), (v) => presentSnippet(v, false))),
  );

  app.get(
    '/snippet/:id',
    {
      config,
      schema: { tags, summary: '片段详情', params: snippetIdParams, response: { 200: envelope(snippet) } },
    },
    async (req) => ok(presentSnippet(await snippets.detail(userOf(req), req.params.id), true)),
  );

  app.put(
    '/snippet/:id',
    {
      config,
      schema: {
        tags,
        summary: '重命名片段或修改备注',
        params: snippetIdParams,
        body: updateSnippetBody,
        response: { 200: envelope(snippet) },
      },
    },
    async (req) => ok(presentSnippet(await snippets.update(userOf(req), req.params.id, req.body), true)),
  );

  app.delete(
    '/snippet/:id',
    {
      config,
      schema: { tags, summary: '删除片段', params: snippetIdParams, response: { 200: envelope(okData) } },
    },
    async (req) => {
      await snippets.remove(userOf(req), req.params.id);
      return ok({ ok: true as const });
    },
  );
};
