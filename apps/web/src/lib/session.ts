import type { UserInfo } from '@lingxi/contract';
import { createStore, useStore } from './create-store';
import { storage } from './storage';

export interface Session {
  token: string | null;
  user: UserInfo | null;
}

/** Logged in vs logged out is decided by the stored token (seed section 4). */
export const sessionStore = createStore<Session>({ token: storage.getToken(), user: storage.getUserInfo() });

export function getToken(): string | null {
  return sessionStore.get().token;
}

export function setLogin(token: string, user: UserInfo): void {
  storage.setToken(token);
  storage.setUserInfo(user);
  sessionStore.set({ token, user });
}

export function setToken(token: string): void {
  storage.setToken(token);
  sessionStore.set((prev) => ({ token, user: prev.token === token ? prev.user : null }));
}

export function setUserInfo(user: UserInfo): void {
  storage.setUserInfo(user);
  sessionStore.set((prev) => ({ ...prev, user }));
}

export function clearLogin(): void {
  storage.clearLogin();
  sessionStore.set({ token: null, user: null });
}

/** Re-read storage, e.g. when another tab logged in or out. */
export function reloadSession(): void {
  sessionStore.set({ token: storage.getToken(), user: storage.getUserInfo() });
}

export function useSession(): Session & { isLoggedIn: boolean } {
  const session = useStore(sessionStore);
  return { ...session, isLoggedIn: Boolean(session.token) };
}
