import type { Locale, UserInfo } from '@lingxi/contract';

/** Everything the app keeps on the device, under one prefix. */
const KEYS = {
  token: 'lingxi:token',
  /** The device's copy of the profile, for the first paint of the next visit; the app reads the query cache. */
  userInfo: 'lingxi:user-info',
  inviteCode: 'lingxi:invite-code',
  /** The session's `wechatOAOpenId` (client contract): the OA openid JSAPI payments need. */
  oaOpenId: 'lingxi:wechat-oa-openid',
  locale: 'lingxi:locale',
  /** Followed by the draft's own name, e.g. `bot:new` or `bot:12`. */
  draftPrefix: 'lingxi:draft:',
} as const;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    // Private mode or a web view without storage: behave as empty.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or unavailable: the session simply does not survive a reload.
  }
}

export const storage = {
  keys: KEYS,
  getToken: () => read(KEYS.token) || null,
  setToken: (token: string | null) => write(KEYS.token, token),

  getUserInfo(): UserInfo | null {
    const raw = read(KEYS.userInfo);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as UserInfo;
    } catch {
      return null;
    }
  },
  setUserInfo: (info: UserInfo | null) => write(KEYS.userInfo, info ? JSON.stringify(info) : null),

  getInviteCode: () => read(KEYS.inviteCode) || null,
  setInviteCode: (code: string | null) => write(KEYS.inviteCode, code),

  getOaOpenId: () => read(KEYS.oaOpenId) || null,
  setOaOpenId: (openid: string | null) => write(KEYS.oaOpenId, openid),

  getLocale: () => read(KEYS.locale) as Locale | null,
  setLocale: (locale: Locale | null) => write(KEYS.locale, locale),

  /** Unsaved work of a form (JSON), kept until it is saved or discarded. */
  getDraft<T>(name: string): T | null {
    const raw = read(KEYS.draftPrefix + name);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setDraft: (name: string, value: unknown) =>
    write(KEYS.draftPrefix + name, value === null ? null : JSON.stringify(value)),

  /** Logout and relogin: the login state goes, the device preferences (locale, invite code) stay. */
  clearLogin(): void {
    write(KEYS.token, null);
    write(KEYS.userInfo, null);
    write(KEYS.oaOpenId, null);
  },
};
