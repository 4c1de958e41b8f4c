import type { Gender, LoginCodeData, LoginData, UserInfo } from '@lingxi/contract';
import type { Profile } from './account.service.js';

/** 13800000000 → 138****0000 */
export const maskPhone = (phone: string | null) =>
  phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '';

export function presentUser({ user: row, isVip }: Profile): UserInfo {
  return {
    id: row.id,
    phone: maskPhone(row.phone),
    nickname: row.nickname,
    avatar: row.avatar,
    gender: row.gender as Gender,
    birthday: row.birthday,
    bio: row.bio,
    invite_code: row.inviteCode,
    role: row.role,
    is_vip: isVip,
    vip_expires_at: row.vipExpiresAt?.toISOString() ?? null,
    chips: row.chips,
    created_at: row.createdAt.toISOString(),
  };
}

export const presentLogin = (r: { token: string; profile: Profile }): LoginData => ({
  token: r.token,
  user_info: presentUser(r.profile),
});

/** A code was sent: when the next may be asked for, and how long this one lives. */
export const presentCodeSent = (c: {
  retryAfterSeconds: number;
  expiresInSeconds: number;
}): LoginCodeData => ({
  retry_after: c.retryAfterSeconds,
  expires_in: c.expiresInSeconds,
});
