import { randomUUID } from 'node:crypto';
import type { AdminModel, AdminModelList, CreateModelInput } from '@lingxi/contract';
import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/admin.js';
import { openReply } from './chat.js';
import type { FakeOpenAi } from './fake-openai.js';
import type { TestApp } from './helpers.js';

/** A model id no other test of the run uses. */
export const uniqueModelId = (prefix = 'm') => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A valid create body for a model served by the fake. */
export function modelBody(fake: FakeOpenAi, o: Partial<CreateModelInput> = {}): CreateModelInput {
  return {
    id: uniqueModelId(),
    name: '测试模型',
    provider: 'openai',
    base_url: fake.url,
    api_key: 'sk-console-key-abcdefgh1234',
    upstream_model: `up-${randomUUID().slice(0, 8)}`,
    chip_price: 3,
    context_window: 16_000,
    ...o,
  };
}

/** The console's calls of one operator. */
export function consoleOf(t: TestApp, token: string) {
  const call = <T = AdminModel>(method: string, path: string, body?: unknown) =>
    t.call<T>(method, `/api/v1/admin/model${path}`, { token, body });
  return {
    call,
    list: async () => (await call<AdminModelList>('GET', '')).body.data.list,
    one: async (id: string) =>
      (await call<AdminModelList>('GET', '')).body.data.list.find((m) => m.id === id),
    create: async (body: CreateModelInput) => {
      const res = await call('POST', '', body);
      if (res.body.code !== 0) throw new Error(`model refused: ${res.body.msg}`);
      return res.body.data;
    },
    /** The test button: every event it streamed, or the envelope that refused it. */
    test: async (id: string, body: { prompt?: string } = {}) => {
      const stream = await openReply(t, `/api/v1/admin/model/${id}/test`, { token, body });
      return { ...stream, events: await stream.rest() };
    },
  };
}

/** The audit rows of a target, oldest first. */
export const auditOf = (t: TestApp, target: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));
