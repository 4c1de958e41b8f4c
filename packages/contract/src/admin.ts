import { z } from 'zod';

/**
 * The operator console's shared shapes (docs/admin.md). A console table is server-paged: the page number and
 * size, an optional search text and sort, and the answer carries the total for the pager.
 */
const ADMIN_PAGE_SIZE_MAX = 100;
/** A CSV export holds at most this many rows (the newest first); narrow the filters for more. */
export const ADMIN_EXPORT_MAX_ROWS = 50_000;

export const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1, '页码至少为1').max(100_000, '页码过大').default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, '每页数量至少为1')
    .max(ADMIN_PAGE_SIZE_MAX, `每页数量最多为${ADMIN_PAGE_SIZE_MAX}`)
    .default(20),
  /** Search text; each list says what it matches (a phone, a nickname, an id …). */
  q: z.string().trim().max(100, '搜索内容最多100个字').optional(),
  order: z.enum(['asc', 'desc'], { error: '排序方向应为asc或desc' }).optional(),
});

/** A sort field of one list: `sort` narrowed to the columns that list can order by. */
export const adminSort = <const T extends readonly [string, ...string[]]>(fields: T) =>
  z.enum(fields, { error: `排序字段应为${fields.join('、')}之一` }).optional();

/** A console table's page: its rows and how many match in all. */
export const adminPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int() });
export type AdminPage<T> = { list: T[]; total: number };

/** Who a row belongs to, as the console shows them. */
export const adminUserBrief = z.object({
  id: z.number().int(),
  nickname: z.string(),
  phone: z.string().nullable(),
});
export type AdminUserBrief = z.infer<typeof adminUserBrief>;

/** A day's range filter of a list, both ends inclusive China days (`2026-11-24`). */
export const adminDayRange = {
  // A real calendar day (not 2026-02-30): a service turns it into instants.
  from: z.iso.date({ error: '开始日期应为有效日期（YYYY-MM-DD）' }).optional(),
  to: z.iso.date({ error: '结束日期应为有效日期（YYYY-MM-DD）' }).optional(),
};

/** One row of the audit log (docs/admin.md, Audit log). */
export const auditEntry = z.object({
  id: z.number().int(),
  actor: adminUserBrief.nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = adminPageQuery.extend({
  actor_id: z.coerce.number().int().positive().optional(),
  /** An action (`bot.approve`) or an area (`bot.`, every action of it). */
  action: z.string().trim().max(60).optional(),
  /** A target (`bot:42`) or a type (`bot:`). */
  target: z.string().trim().max(80).optional(),
  ...adminDayRange,
});
export type AuditQuery = z.input<typeof auditQuery>;
