import type { UserInfo } from '@lingxi/contract';

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    phone: '138****0000',
    nickname: '小灵',
    avatar: '/media/avatars/a.svg',
    gender: 0,
    birthday: null,
    bio: '',
    invite_code: 'ABC123',
    role: 'user',
    is_vip: false,
    vip_expires_at: null,
    chips: 100,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
