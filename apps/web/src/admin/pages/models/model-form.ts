import {
  createModelBody,
  updateModelBody,
  type AdminModel,
  type CreateModelInput,
  type ModelProvider,
  type UpdateModelInput,
} from '@lingxi/contract';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { consoleI18n } from '../../i18n';

/** The drawer's fields: the create body's, with the key left empty when editing (empty: keep the key). */
export type ModelFormValues = {
  id: string;
  name: string;
  provider: ModelProvider;
  base_url: string;
  api_key: string;
  upstream_model: string;
  chip_price: number | null;
  context_window: number | null;
  vip_only: boolean;
  enabled: boolean;
};

export const NEW_MODEL: ModelFormValues = {
  id: '',
  name: '',
  provider: 'openai',
  base_url: '',
  api_key: '',
  upstream_model: '',
  chip_price: 1,
  context_window: 32_000,
  vip_only: false,
  enabled: true,
};

export const formOf = (m: AdminModel): ModelFormValues => ({
  id: m.id,
  name: m.name,
  provider: m.provider,
  base_url: m.base_url ?? '',
  api_key: '',
  upstream_model: m.upstream_model,
  chip_price: m.chip_price,
  context_window: m.context_window,
  vip_only: m.vip_only,
  enabled: m.enabled,
});

/** A field's rule from the contract's schema of it: the form checks what the server checks. */
export const ruleOf = (field: keyof typeof createModelBody.shape): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const parsed = (createModelBody.shape[field] as z.ZodType).safeParse(value);
    if (!parsed.success)
      throw new Error(parsed.error.issues[0]?.message ?? consoleI18n.t('models.form.invalid'));
  },
});

const blank = (s: string) => (s.trim() ? s.trim() : undefined);

/** The create body of the form's values. */
export const createBodyOf = (v: ModelFormValues): CreateModelInput => ({
  id: v.id.trim(),
  name: v.name,
  provider: v.provider,
  ...(v.provider === 'openai'
    ? { base_url: blank(v.base_url), api_key: blank(v.api_key), upstream_model: blank(v.upstream_model) }
    : {}),
  chip_price: v.chip_price ?? Number.NaN,
  context_window: v.context_window ?? Number.NaN,
  vip_only: v.vip_only,
  enabled: v.enabled,
});

/** What changed of a model: only that is sent (the key only when a new one was typed). */
export function updateBodyOf(m: AdminModel, v: ModelFormValues): UpdateModelInput {
  const body: UpdateModelInput = {};
  if (v.name.trim() !== m.name) body.name = v.name;
  if (m.provider === 'openai') {
    if (v.base_url.trim() !== (m.base_url ?? '')) body.base_url = v.base_url;
    if (v.upstream_model.trim() !== m.upstream_model) body.upstream_model = v.upstream_model;
    if (v.api_key.trim()) body.api_key = v.api_key;
  }
  if (v.chip_price !== m.chip_price) body.chip_price = v.chip_price ?? Number.NaN;
  if (v.context_window !== m.context_window) body.context_window = v.context_window ?? Number.NaN;
  if (v.vip_only !== m.vip_only) body.vip_only = v.vip_only;
  if (v.enabled !== m.enabled) body.enabled = v.enabled;
  return body;
}

/**
 * Checks a body with the contract's schema; its problems go onto their fields. True when it passes (an edit
 * without changes passes here: the drawer just closes).
 */
export function checkBody(
  form: FormInstance<ModelFormValues>,
  body: CreateModelInput | UpdateModelInput,
  create: boolean,
) {
  if (!create && Object.keys(body).length === 0) return true;
  const parsed = (create ? createModelBody : updateModelBody).safeParse(body);
  if (parsed.success) return true;
  const fields = new Map<string, string[]>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'name');
    fields.set(name, [...(fields.get(name) ?? []), issue.message]);
  }
  form.setFields(
    [...fields].map(([name, errors]) => ({
      name: name as keyof ModelFormValues,
      errors: errors.slice(0, 1),
    })),
  );
  return false;
}
