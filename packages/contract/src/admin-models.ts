import { z } from 'zod';
import { countGraphemes } from './limits.js';
import { modelProvider } from './models.js';

/* The console's models and prices (docs/admin.md, Models and prices). */

export const MODEL_NAME_MAX = 30;
export const MODEL_PRICE_MAX = 10_000;
export const MODEL_CONTEXT_MIN = 1_000;
export const MODEL_CONTEXT_MAX = 2_000_000;
/** What the test button asks when the operator types nothing. */
export const MODEL_TEST_PROMPT = '你好，请用一句话介绍你自己。';
export const MODEL_TEST_PROMPT_MAX = 500;

/**
 * Where a row's settings come from: `builtin` the offline model; `env` a model of LLM_MODELS whose settings still
 * follow the environment at each start; `console` one an operator added or edited (the row alone is the truth).
 */
export const modelSource = z.enum(['builtin', 'env', 'console']);
export type ModelSource = z.infer<typeof modelSource>;

/** A model row as the console shows it: never the API key itself, at most `sk-****abcd`. */
export const adminModel = z.object({
  id: z.string(),
  name: z.string(),
  provider: modelProvider,
  base_url: z.string().nullable(),
  api_key_set: z.boolean(),
  api_key_masked: z.string().nullable(),
  upstream_model: z.string(),
  chip_price: z.number().int(),
  vip_only: z.boolean(),
  context_window: z.number().int(),
  enabled: z.boolean(),
  is_default: z.boolean(),
  sort: z.number().int(),
  source: modelSource,
  /** Bots (not deleted) whose replies run on it, or whose edit in review would. */
  bot_count: z.number().int(),
  /** Why it cannot be deleted now (the offline model, the default, in LLM_MODELS, in use), or null. */
  delete_refusal: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminModel = z.infer<typeof adminModel>;

export const adminModelList = z.object({ list: z.array(adminModel) });
export type AdminModelList = z.infer<typeof adminModelList>;

const ID_PATTERN = /^[a-z0-9][a-z0-9.-]{0,59}$/;
/** Ids a route path already uses (`PUT /admin/model/order`). */
const RESERVED_IDS = ['order'];

/** A model's id in a path: any slug the environment made too (`LLM_MODELS` ids are cut to 60 characters). */
export const modelIdParams = z.object({
  id: z.string().regex(/^[a-z0-9.-]{1,60}$/, '模型ID不正确'),
});

const isHttpUrl = (s: string) => {
  if (!URL.canParse(s)) return false;
  const url = new URL(s);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
};

const fields = {
  name: z
    .string({ error: '请填写模型名称' })
    .trim()
    .min(1, '请填写模型名称')
    .refine((s) => countGraphemes(s) <= MODEL_NAME_MAX, `模型名称最多${MODEL_NAME_MAX}个字`),
  base_url: z
    .string({ error: '请填写接口地址' })
    .trim()
    .max(500, '接口地址最多500个字符')
    .refine(isHttpUrl, '接口地址应为 http:// 或 https:// 开头的网址'),
  api_key: z
    .string({ error: '请填写 API Key' })
    .trim()
    .min(1, '请填写 API Key')
    .max(500, 'API Key 最多500个字符')
    .regex(/^\S+$/, 'API Key 不能包含空格'),
  upstream_model: z
    .string({ error: '请填写上游模型ID' })
    .trim()
    .min(1, '请填写上游模型ID')
    .max(100, '上游模型ID最多100个字符')
    .regex(/^[\w.:/@-]+$/, '上游模型ID只能包含字母、数字和 . : / @ - _'),
  chip_price: z
    .number({ error: '价格应为整数' })
    .int('价格应为整数')
    .min(0, '价格不能为负数')
    .max(MODEL_PRICE_MAX, `价格最多${MODEL_PRICE_MAX}芯片`),
  vip_only: z.boolean({ error: '仅限会员应为是或否' }),
  context_window: z
    .number({ error: '上下文长度应为整数' })
    .int('上下文长度应为整数')
    .min(MODEL_CONTEXT_MIN, `上下文长度至少${MODEL_CONTEXT_MIN}`)
    .max(MODEL_CONTEXT_MAX, `上下文长度最多${MODEL_CONTEXT_MAX}`),
  enabled: z.boolean({ error: '启用状态应为是或否' }),
};

/** POST /api/v1/admin/model. An OpenAI-compatible model needs its address and key. */
export const createModelBody = z
  .object({
    id: z
      .string({ error: '请填写模型ID' })
      .trim()
      .regex(ID_PATTERN, '模型ID只能用小写字母、数字、点和连字符，以字母或数字开头，最多60个字符')
      .refine((s) => !RESERVED_IDS.includes(s), '该模型ID为系统保留'),
    name: fields.name,
    provider: modelProvider.default('openai'),
    base_url: fields.base_url.optional(),
    api_key: fields.api_key.optional(),
    upstream_model: fields.upstream_model.optional(),
    chip_price: fields.chip_price,
    vip_only: fields.vip_only.default(false),
    context_window: fields.context_window.default(8192),
    enabled: fields.enabled.default(true),
  })
  .superRefine((b, ctx) => {
    if (b.provider !== 'openai') return;
    if (!b.base_url) ctx.addIssue({ code: 'custom', path: ['base_url'], message: '请填写接口地址' });
    if (!b.api_key) ctx.addIssue({ code: 'custom', path: ['api_key'], message: '请填写 API Key' });
    if (!b.upstream_model) {
      ctx.addIssue({ code: 'custom', path: ['upstream_model'], message: '请填写上游模型ID' });
    }
  });
export type CreateModelBody = z.infer<typeof createModelBody>;
export type CreateModelInput = z.input<typeof createModelBody>;

/** PUT /api/v1/admin/model/{id}: only what is sent changes; the API key only when a new one is sent. */
export const updateModelBody = z
  .object({
    name: fields.name,
    base_url: fields.base_url,
    api_key: fields.api_key,
    upstream_model: fields.upstream_model,
    chip_price: fields.chip_price,
    vip_only: fields.vip_only,
    context_window: fields.context_window,
    enabled: fields.enabled,
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), '没有要修改的内容');
export type UpdateModelBody = z.infer<typeof updateModelBody>;
export type UpdateModelInput = z.input<typeof updateModelBody>;

/** PUT /api/v1/admin/model/order: every model's id, in the new order. */
export const modelOrderBody = z.object({
  ids: z
    .array(z.string().regex(ID_PATTERN, '模型ID不正确'), { error: '请提供模型顺序' })
    .min(1, '请提供模型顺序')
    .max(500, '模型过多')
    .refine((ids) => new Set(ids).size === ids.length, '模型顺序中有重复的ID'),
});
export type ModelOrderBody = z.infer<typeof modelOrderBody>;

/** POST /api/v1/admin/model/{id}/test: answered with a Server-Sent Events stream. */
export const modelTestBody = z.object({
  prompt: z
    .string()
    .trim()
    .max(MODEL_TEST_PROMPT_MAX, `测试内容最多${MODEL_TEST_PROMPT_MAX}个字`)
    .optional()
    .transform((s) => s || MODEL_TEST_PROMPT),
});
export type ModelTestInput = z.input<typeof modelTestBody>;

/** The events of a model test, in order: start, delta…, then done or error. */
export const modelTestStart = z.object({
  model_id: z.string(),
  name: z.string(),
  provider: modelProvider,
  upstream_model: z.string(),
  prompt: z.string(),
});
export const modelTestDelta = z.object({ text: z.string() });
export const modelTestDone = z.object({
  /** From the request to the end of the answer, and to its first text (null: no text came). */
  latency_ms: z.number().int(),
  first_token_ms: z.number().int().nullable(),
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() }).nullable(),
  finish_reason: z.string(),
});
export const modelTestError = z.object({
  code: z.number().int(),
  /** What went wrong, in the operator's words; the upstream's own status and message when it gave them. */
  msg: z.string(),
  kind: z.enum(['auth', 'rate_limit', 'timeout', 'connection', 'upstream', 'broken_stream']),
  upstream_status: z.number().int().nullable(),
  upstream_message: z.string().nullable(),
  latency_ms: z.number().int(),
  first_token_ms: z.number().int().nullable(),
});
export type ModelTestStart = z.infer<typeof modelTestStart>;
export type ModelTestDelta = z.infer<typeof modelTestDelta>;
export type ModelTestDone = z.infer<typeof modelTestDone>;
export type ModelTestError = z.infer<typeof modelTestError>;
