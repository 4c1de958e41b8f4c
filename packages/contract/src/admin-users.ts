import { z } from 'zod';
import { adminPage, adminPageQuery, adminSort, adminUserBrief } from './admin.js';
import { orderStatus } from './payments.js';

/** The operators' user desk (docs/admin.md, Users). */

/** At most this many chips move in one adjustment, either way. */
export const ADMIN_CHIPS_DELTA_MAX = 1_000_000;
/** At most this many VIP days are granted or taken back in one action. */
export const ADMIN_VIP_DAYS_MAX = 3650;

const userRole = z.enum(['user', 'admin'], { error: '角色应为user或admin' });
const userStatus = z.enum(['active', 'disabled', 'deleted'], { error: '状态应为active、disabled或deleted' });

/** `GET /admin/user`: `q` is a phone (or its first digits), part of a nickname, or an id. */
export const adminUserQuery = adminPageQuery.extend({
  status: userStatus.optional(),
  role: userRole.optional(),
  vip: z.enum(['yes', 'no'], { error: '会员筛选应为yes或no' }).optional(),
  sort: adminSort(['created_at', 'chips']),
});
export type AdminUserQuery = z.input<typeof adminUserQuery>;

export const adminUserRow = z.object({
  id: z.number().int(),
  /** The full number (operators see it); null once the account is deleted. */
  phone: z.string().nullable(),
  nickname: z.string(),
  avatar: z.string(),
  role: userRole,
  status: userStatus,
  is_vip: z.boolean(),
  vip_expires_at: z.string().nullable(),
  chips: z.number().int(),
  /** Earnings available to withdraw, in fen. */
  earnings_fen: z.number().int(),
  created_at: z.string(),
  /** The latest use of any of the user's sessions (or their latest login). */
  last_active_at: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUserPage = adminPage(adminUserRow);

export const adminUserIdParams = z.object({
  id: z.coerce
    .number({ error: '用户ID不正确' })
    .int('用户ID不正确')
    .positive('用户ID不正确')
    .max(Number.MAX_SAFE_INTEGER, '用户ID不正确'),
});

const adminUserOrder = z.object({
  order_no: z.string(),
  title: z.string(),
  kind: z.enum(['vip', 'chips']),
  amount_fen: z.number().int(),
  status: orderStatus,
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminUserOrder = z.infer<typeof adminUserOrder>;

const adminUserBot = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  status: z.enum(['draft', 'pending_review', 'published', 'rejected']),
  visibility: z.enum(['private', 'public']),
  chat_count: z.number().int(),
  created_at: z.string(),
});
export type AdminUserBot = z.infer<typeof adminUserBot>;

const adminUserPost = z.object({
  id: z.number().int(),
  excerpt: z.string(),
  status: z.enum(['published', 'pending_review', 'rejected', 'deleted']),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  created_at: z.string(),
});
export type AdminUserPost = z.infer<typeof adminUserPost>;

const adminUserSession = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Signed out (or ended by an account deletion). */
  revoked: z.boolean(),
});
export type AdminUserSession = z.infer<typeof adminUserSession>;

const adminChipEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  /** The ledger's reason (`chat`, `top_up`, `admin` …). */
  reason: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type AdminChipEntry = z.infer<typeof adminChipEntry>;

/** `GET /admin/user/{id}`: the user, their wallet, and the latest of what they did. */
export const adminUserDetail = z.object({
  user: adminUserRow.extend({
    gender: z.number().int(),
    bio: z.string(),
    invite_code: z.string(),
    invited_by: adminUserBrief.nullable(),
    last_login_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
  }),
  wallet: z.object({
    chips: z.number().int(),
    /** Set aside for replies in progress. */
    chips_held: z.number().int(),
    earnings_fen: z.number().int(),
    earnings_frozen_fen: z.number().int(),
    earnings_debt_fen: z.number().int(),
    vip: z.object({
      active: z.boolean(),
      tier_name: z.string().nullable(),
      expires_at: z.string().nullable(),
    }),
  }),
  counts: z.object({
    orders: z.number().int(),
    bots: z.number().int(),
    posts: z.number().int(),
    invitees: z.number().int(),
  }),
  orders: z.array(adminUserOrder),
  bots: z.array(adminUserBot),
  posts: z.array(adminUserPost),
  sessions: z.array(adminUserSession),
  chip_records: z.array(adminChipEntry),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

const reason = (what: string) =>
  z
    .string({ error: `请填写${what}原因` })
    .trim()
    .min(1, `请填写${what}原因`)
    .max(200, `${what}原因最多200个字`);

export const disableUserBody = z.object({ reason: reason('禁用') });
export type DisableUserBody = z.input<typeof disableUserBody>;
export const enableUserBody = z.object({ reason: reason('启用').optional() });
export type EnableUserBody = z.input<typeof enableUserBody>;

/** The key of one adjustment: the `Idempotency-Key` header, or `idempotency_key` in the body. */
const adjustKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '幂等键应为8-64位字母、数字、_或-')
  .optional();
export const adjustKeyHeaders = z.object({ 'idempotency-key': adjustKey });

export const adjustChipsBody = z.object({
  delta: z
    .number({ error: '请填写调整数量' })
    .int('调整数量应为整数')
    .min(-ADMIN_CHIPS_DELTA_MAX, `一次最多扣减${ADMIN_CHIPS_DELTA_MAX}芯片`)
    .max(ADMIN_CHIPS_DELTA_MAX, `一次最多增加${ADMIN_CHIPS_DELTA_MAX}芯片`)
    .refine((n) => n !== 0, '调整数量不能为0'),
  reason: reason('调整'),
  idempotency_key: adjustKey,
});
export type AdjustChipsBody = z.input<typeof adjustChipsBody>;
export const adjustedChips = z.object({
  /** False: this key was applied before; nothing moved this time. */
  applied: z.boolean(),
  chips: z.number().int(),
});
export type AdjustedChips = z.infer<typeof adjustedChips>;

export const adjustVipBody = z.object({
  /** Positive grants days (from the later of now and the expiry); negative takes them back (not before now). */
  days: z
    .number({ error: '请填写天数' })
    .int('天数应为整数')
    .min(-ADMIN_VIP_DAYS_MAX, `一次最多减少${ADMIN_VIP_DAYS_MAX}天`)
    .max(ADMIN_VIP_DAYS_MAX, `一次最多增加${ADMIN_VIP_DAYS_MAX}天`)
    .refine((n) => n !== 0, '天数不能为0'),
  reason: reason('调整'),
});
export type AdjustVipBody = z.input<typeof adjustVipBody>;
export const adjustedVip = z.object({ vip_expires_at: z.string().nullable(), is_vip: z.boolean() });
export type AdjustedVip = z.infer<typeof adjustedVip>;

export const setRoleBody = z.object({ role: userRole });
export type SetRoleBody = z.input<typeof setRoleBody>;
