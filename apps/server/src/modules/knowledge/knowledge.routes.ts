import {
  addTextDocumentBody,
  addUploadDocumentBody,
  envelope,
  hitTestBody,
  hitTestResult,
  knowledgeBase,
  knowledgeBaseInput,
  knowledgeBaseList,
  knowledgeDocument,
  knowledgeDocumentListQuery,
  knowledgeDocumentParams,
  knowledgeIdParams,
  knowledgeOption,
  okData,
  page,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import type { DocumentsService } from './documents.service.js';
import {
  presentBase,
  presentBaseList,
  presentDocument,
  presentHitTest,
  presentOption,
} from './knowledge.presenter.js';
import type { KnowledgeService } from './knowledge.service.js';

/** A user's knowledge bases and their documents. Someone else's base or document answers "not found". */
export const knowledgeRoutes: FastifyPluginAsyncZod<{
  knowledge: KnowledgeService;
  documents: DocumentsService;
}> = async (app, { knowledge, documents }) => {
  const tags = ['knowledge'];
  const config = { auth: 'required' as const };
  const done = { 200: envelope(okData) };

  app.get(
    '/knowledge',
    {
      config,
      schema: { tags, summary: '我的知识库（含用量与上限）', response: { 200: envelope(knowledgeBaseList) } },
    },
    async (req) => ok(presentBaseList(await knowledge.list(userOf(req)))),
  );

  app.get(
    '/knowledge/options',
    {
      config,
      schema: {
        tags,
        summary: '智能体编辑器可关联的知识库',
        response: { 200: envelope(z.array(knowledgeOption)) },
      },
    },
    async (req) => ok((await knowledge.options(userOf(req).id)).map(presentOption)),
  );

  app.post(
    '/knowledge',
    {
      config,
      schema: {
        tags,
        summary: '创建知识库',
        body: knowledgeBaseInput,
        response: { 200: envelope(knowledgeBase) },
      },
    },
    async (req) => ok(presentBase(await knowledge.create(userOf(req), req.body))),
  );

  app.get(
    '/knowledge/:id',
    {
      config,
      schema: {
        tags,
        summary: '知识库详情',
        params: knowledgeIdParams,
        response: { 200: envelope(knowledgeBase) },
      },
    },
    async (req) => ok(presentBase(await knowledge.get(userOf(req).id, req.params.id))),
  );

  app.put(
    '/knowledge/:id',
    {
      config,
      schema: {
        tags,
        summary: '修改知识库名称、简介、封面',
        params: knowledgeIdParams,
        body: knowledgeBaseInput,
        response: { 200: envelope(knowledgeBase) },
      },
    },
    async (req) => ok(presentBase(await knowledge.update(userOf(req).id, req.params.id, req.body))),
  );

  app.delete(
    '/knowledge/:id',
    {
      config,
      schema: {
        tags,
        summary: '删除知识库（含文档，并从智能体上移除）',
        params: knowledgeIdParams,
        response: done,
      },
    },
    async (req) => {
      await knowledge.remove(userOf(req).id, req.params.id);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/knowledge/:id/document',
    {
      config,
      schema: {
        tags,
        summary: '知识库的文档（最新在前）',
        params: knowledgeIdParams,
        querystring: knowledgeDocumentListQuery,
        response: { 200: envelope(page(knowledgeDocument)) },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      return ok(
        presentPage(await documents.list(userOf(req).id, req.params.id, cursor, limit), presentDocument),
      );
    },
  );

  app.post(
    '/knowledge/:id/document',
    {
      config,
      schema: {
        tags,
        summary: '添加已上传的文件（用途 knowledge_doc），进入处理队列',
        params: knowledgeIdParams,
        body: addUploadDocumentBody,
        response: { 200: envelope(knowledgeDocument) },
      },
    },
    async (req) =>
      ok(presentDocument(await documents.addUpload(userOf(req), req.params.id, req.body.upload_id))),
  );

  app.post(
    '/knowledge/:id/document/text',
    {
      config,
      schema: {
        tags,
        summary: '添加粘贴的文本，进入处理队列',
        params: knowledgeIdParams,
        body: addTextDocumentBody,
        response: { 200: envelope(knowledgeDocument) },
      },
    },
    async (req) => ok(presentDocument(await documents.addText(userOf(req), req.params.id, req.body))),
  );

  app.delete(
    '/knowledge/:id/document/:docId',
    { config, schema: { tags, summary: '删除文档', params: knowledgeDocumentParams, response: done } },
    async (req) => {
      await documents.remove(userOf(req).id, req.params.id, req.params.docId);
      return ok({ ok: true as const });
    },
  );

  app.post(
    '/knowledge/:id/document/:docId/reprocess',
    {
      config,
      schema: {
        tags,
        summary: '重新处理文档',
        params: knowledgeDocumentParams,
        response: { 200: envelope(knowledgeDocument) },
      },
    },
    async (req) =>
      ok(presentDocument(await documents.reprocess(userOf(req).id, req.params.id, req.params.docId))),
  );

  app.post(
    '/knowledge/:id/hit-test',
    {
      config,
      schema: {
        tags,
        summary: '命中测试：查询会检索到的段落及得分',
        params: knowledgeIdParams,
        body: hitTestBody,
        response: { 200: envelope(hitTestResult) },
      },
    },
    async (req) => ok(presentHitTest(await knowledge.hitTest(userOf(req).id, req.params.id, req.body))),
  );
};
