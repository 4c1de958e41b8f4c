import type { z } from 'zod';

/** An antd form rule from a contract field: the server's own check and message, before the request is sent. */
export const contractRule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = schema.safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});
