import type { z } from 'zod';

/** An antd form rule from a contract field: the server's own check and message, before the request is sent. */
export const contractRule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = schema.safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/**
 * Runs an action from a button, dropping its rejection: a form's own errors show under its fields and a refused
 * request's message is shown by the request client, so nothing is left to tell (and nothing goes unhandled).
 */
export const quietly = (action: () => Promise<unknown>) => () => void action().catch(() => undefined);
