import {
  adminModel,
  adminModelList,
  createModelBody,
  envelope,
  modelIdParams,
  modelOrderBody,
  modelTestBody,
  okData,
  updateModelBody,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { openSse } from '../../platform/http/sse.js';
import type { ModelTestService } from './model-test.service.js';
import type { ModelsAdminService } from './models-admin.service.js';
import { presentAdminModel } from './models.presenter.js';

type Deps = { admin: ModelsAdminService; tests: ModelTestService };

const present = ({ row, bots, deleteRefusal }: Awaited<ReturnType<ModelsAdminService['list']>>[number]) =>
  presentAdminModel(row, bots, deleteRefusal);

/** Models and prices, and the test button (role admin; docs/admin.md, Models and prices). */
export const modelsAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { admin, tests }) => {
  const tags = ['admin'];
  const config = { auth: 'admin' as const };
  const one = { 200: envelope(adminModel) };
  const all = { 200: envelope(adminModelList) };

  app.get(
    '/admin/model',
    { config, schema: { tags, summary: '运营：全部模型（按顺序）', response: all } },
    async () => ok({ list: (await admin.list()).map(present) }),
  );

  app.post(
    '/admin/model',
    { config, schema: { tags, summary: '运营：新增模型', body: createModelBody, response: one } },
    async (req) => ok(present(await admin.create(userOf(req).id, req.body))),
  );

  app.put(
    '/admin/model/order',
    { config, schema: { tags, summary: '运营：调整模型顺序', body: modelOrderBody, response: all } },
    async (req) => ok({ list: (await admin.reorder(userOf(req).id, req.body.ids)).map(present) }),
  );

  app.put(
    '/admin/model/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：修改模型（API Key 仅在提供新值时更换）',
        params: modelIdParams,
        body: updateModelBody,
        response: one,
      },
    },
    async (req) => ok(present(await admin.update(userOf(req).id, req.params.id, req.body))),
  );

  app.post(
    '/admin/model/:id/default',
    {
      config,
      schema: { tags, summary: '运营：设为默认模型', params: modelIdParams, response: one },
    },
    async (req) => ok(present(await admin.setDefault(userOf(req).id, req.params.id))),
  );

  app.delete(
    '/admin/model/:id',
    {
      config,
      schema: {
        tags,
        summary: '运营：删除模型（有智能体使用时拒绝，请停用）',
        params: modelIdParams,
        response: { 200: envelope(okData) },
      },
    },
    async (req) => {
      await admin.remove(userOf(req).id, req.params.id);
      return ok({ ok: true as const });
    },
  );

  app.post(
    '/admin/model/:id/test',
    {
      config,
      schema: {
        tags,
        summary: '运营：测试模型（流式回复，不扣芯片）',
        description:
          '成功时以 text/event-stream 返回事件 start、delta…、done 或 error（上游的状态与信息）；请求被拒绝时返回普通 JSON 信封。',
        params: modelIdParams,
        body: modelTestBody,
      },
    },
    async (req, reply) => {
      const prepared = await tests.prepare(userOf(req).id, req.params.id, req.body.prompt);
      await tests.stream(prepared, openSse(reply));
      return reply;
    },
  );
};
