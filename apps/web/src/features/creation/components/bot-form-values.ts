import { botInput, type BotInput, type BotInputData, type MyBot } from '@lingxi/contract';

/** The editor's state: every field of the contract's botInput, none optional (its defaults applied). */
export type BotFormValues = BotInputData;

/** Problems by field: `name`, `tags`, `questions.1` … (the zod issue path, joined by dots). */
export type FieldErrors = Record<string, string>;

const randomSeed = () => Math.random().toString(36).slice(2, 10);

/** A generated bot avatar served by the app (deterministic from its seed, nothing stored). */
export const generatedAvatar = (seed: string = randomSeed()) => `/media/avatars/bot/${seed}.svg`;

export function emptyValues(avatar = ''): BotFormValues {
  return {
    name: '',
    avatar,
    intro: '',
    category: '',
    tags: [],
    persona: '',
    greeting: '',
    questions: [],
    model_id: null,
    temperature: 0.7,
    knowledge_base_ids: [],
    visibility: 'private',
  };
}

export function valuesFromBot(bot: MyBot): BotFormValues {
  return {
    name: bot.name,
    avatar: bot.avatar,
    intro: bot.intro,
    category: bot.category,
    tags: [...bot.tags],
    persona: bot.persona,
    greeting: bot.greeting,
    questions: [...bot.questions],
    model_id: bot.model_id,
    temperature: bot.temperature,
    knowledge_base_ids: [...bot.knowledge_base_ids],
    visibility: bot.visibility,
  };
}

/** What is sent: the values, less suggested-question rows left blank. */
export function toBotInput(values: BotFormValues): BotInput {
  return { ...values, questions: values.questions.filter((q) => q.trim() !== '') };
}

/** The contract's own schema judges the form: its Chinese messages are shown on the fields. */
export function validateBot(
  values: BotFormValues,
): { ok: true; data: BotInputData; errors: FieldErrors } | { ok: false; errors: FieldErrors } {
  const result = botInput.safeParse(toBotInput(values));
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The first problem of a field or of any of its items (`tags` covers `tags.2`). */
export function fieldError(errors: FieldErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const key = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return key ? errors[key] : undefined;
}

/** The fields in the order they appear, to scroll to the first problem. */
export const FIELD_ORDER = [
  'avatar',
  'name',
  'intro',
  'category',
  'tags',
  'persona',
  'greeting',
  'questions',
  'knowledge_base_ids',
  'model_id',
  'temperature',
  'visibility',
] as const;

export function sameValues(a: BotFormValues, b: BotFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
