import { z } from 'zod';

/** Every response is `{ code, msg, data }`; `code` 0 is success (docs/product.md, Client contract). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

/** Detail carried in `data` of a validation failure: which field, and every problem found. */
export const validationErrorData = z.object({
  field: z.string(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
});

/** Cursor paging (docs/architecture.md, A request's path). */
export const cursorQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1, '每页数量至少为1').max(50, '每页数量最多为50').default(20),
});
export type CursorQuery = z.input<typeof cursorQuery>;
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), next_cursor: z.string().nullable() });

export const okData = z.object({ ok: z.literal(true) });
export type OkData = z.infer<typeof okData>;
export type Page<T> = { list: T[]; next_cursor: string | null };

/**
 * The `Idempotency-Key` header of a request that moves money (`POST /order`, `POST /withdrawal`): the client's
 * key for one attempt; the same key of the same user gets the same result back.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: '请求头Idempotency-Key不能为空' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求头Idempotency-Key应为8-64位字母、数字、_或-'),
});
