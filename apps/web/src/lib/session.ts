import { createStore, useStore } from './create-store';
import { storage } from './storage';

/**
 * Logged in vs logged out is decided by the stored token (docs/product.md, Client contract). The session keeps
 * nothing else: the profile lives in the query cache (`lib/profile.ts`).
 */
export interface Session {
  token: string | null;
}

export const sessionStore = createStore<Session>({ token: storage.getToken() });

export function getToken(): string | null {
  return sessionStore.get().token;
}

export function setToken(token: string): void {
  // The device's copy of the profile belongs to the token it was fetched with.
  if (storage.getToken() !== token) {
    storage.setUserInfo(null);
    storage.setOaOpenId(null);
  }
  storage.setToken(token);
  sessionStore.set((prev) => (prev.token === token ? prev : { token }));
}

/** The session's `wechatOAOpenId`: bound to this login, gone with it (docs/money.md, WeChat Pay). */
export function getOaOpenId(): string | null {
  return storage.getOaOpenId();
}

export function setOaOpenId(openid: string): void {
  storage.setOaOpenId(openid);
}

export function clearLogin(): void {
  storage.clearLogin();
  sessionStore.set((prev) => (prev.token === null ? prev : { token: null }));
}

/** Re-read storage, e.g. when another tab logged in or out. */
export function reloadSession(): void {
  const token = storage.getToken();
  sessionStore.set((prev) => (prev.token === token ? prev : { token }));
}

export function useSession(): Session & { isLoggedIn: boolean } {
  const session = useStore(sessionStore);
  return { ...session, isLoggedIn: Boolean(session.token) };
}
