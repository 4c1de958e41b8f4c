import type { AdjustedVip, AdminUserDetail, AdminUserRow } from '@lingxi/contract';
import { excerptOf } from '../community/posts.service.js';
import type { AdminUserItem, UserDetail } from './users-admin.service.js';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export function presentAdminUser(r: AdminUserItem): AdminUserRow {
  return {
    id: r.id,
    phone: r.phone,
    nickname: r.nickname,
    avatar: r.avatar,
    role: r.role,
    status: r.status,
    is_vip: r.isVip,
    vip_expires_at: iso(r.vipExpiresAt),
    chips: r.chips,
    earnings_fen: r.earnings,
    created_at: r.createdAt.toISOString(),
    last_active_at: iso(r.lastActiveAt),
  };
}

export function presentAdminUserDetail(d: UserDetail): AdminUserDetail {
  const { user } = d;
  return {
    user: {
      ...presentAdminUser(d.row),
      gender: user.gender,
      bio: user.bio,
      invite_code: user.inviteCode,
      invited_by: d.inviter,
      last_login_at: iso(user.lastLoginAt),
      deleted_at: iso(user.deletedAt),
    },
    wallet: {
      chips: user.chips,
      chips_held: user.chipsHeld,
      earnings_fen: user.earnings,
      earnings_frozen_fen: user.earningsFrozen,
      earnings_debt_fen: user.earningsDebt,
      vip: { active: d.row.isVip, tier_name: d.tierName, expires_at: iso(user.vipExpiresAt) },
    },
    counts: d.counts,
    orders: d.orders.map((o) => ({
      order_no: o.orderNo,
      title: o.title,
      kind: o.kind,
      amount_fen: o.amountFen,
      status: o.status,
      created_at: o.createdAt.toISOString(),
      paid_at: iso(o.paidAt),
    })),
    bots: d.bots.map((b) => ({
      id: b.id,
      name: b.name,
      avatar: b.avatar,
      status: b.status,
      visibility: b.visibility,
      chat_count: b.chatCount,
      created_at: b.createdAt.toISOString(),
    })),
    posts: d.posts.map((p) => ({
      id: p.id,
      excerpt: excerptOf(p),
      status: p.status,
      like_count: p.likeCount,
      comment_count: p.commentCount,
      created_at: p.createdAt.toISOString(),
    })),
    sessions: d.sessions.map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      ip: s.ip,
      user_agent: s.userAgent,
      revoked: !!s.revokedAt,
    })),
    chip_records: d.chipRecords.map((c) => ({
      id: c.id,
      delta: c.delta,
      balance_after: c.balanceAfter,
      reason: c.reason,
      note: c.note,
      created_at: c.createdAt.toISOString(),
    })),
  };
}

export const presentAdjustedVip = (r: { vipExpiresAt: Date | null; isVip: boolean }): AdjustedVip => ({
  vip_expires_at: iso(r.vipExpiresAt),
  is_vip: r.isVip,
});

/** China time, to the second, as a spreadsheet shows it. */
const chinaTime = (d: Date | null) =>
  d ? new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '';

const ROLE = { admin: '运营', user: '用户' } as const;
const STATUS = { active: '正常', disabled: '已禁用', deleted: '已注销' } as const;

/** The user list as a CSV (docs/admin.md, Tables and exports): a Chinese header row, then one line each. */
export function userCsvRows(rows: AdminUserItem[]): unknown[][] {
  return [
    [
      '用户ID',
      '手机号',
      '昵称',
      '角色',
      '状态',
      '会员到期',
      '芯片',
      '可提现收益(元)',
      '注册时间',
      '最近活跃',
    ],
    ...rows.map((r) => [
      r.id,
      r.phone ?? '',
      r.nickname,
      ROLE[r.role],
      STATUS[r.status],
      r.isVip ? chinaTime(r.vipExpiresAt) : '',
      r.chips,
      (r.earnings / 100).toFixed(2),
      chinaTime(r.createdAt),
      chinaTime(r.lastActiveAt),
    ]),
  ];
}
