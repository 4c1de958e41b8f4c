import type { UserInfo } from '@lingxi/contract';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { clearLogin, getToken, reloadSession, setToken } from './session';
import { storage } from './storage';

/*
 * The profile lives in one place: the query cache, under `queryKeys.user.profile(token)`. Everything that shows it
 * reads it there (`useProfile`), everything that changes it (login, an edit, a charge) writes it there. The device
 * keeps a copy (the client contract's stored profile) only so that the next visit paints it at once: it is
 * written from the cache, and read once, as the cache entry's starting value.
 */

/** The device's copy of the profile, if it belongs to `token`. */
export function storedProfile(token: string | null): UserInfo | undefined {
  if (!token || storage.getToken() !== token) return undefined;
  return storage.getUserInfo() ?? undefined;
}

/** Login: the token, and the profile that came with it. */
export function startSession(queryClient: QueryClient, token: string, user: UserInfo): void {
  setToken(token);
  queryClient.setQueryData(queryKeys.user.profile(token), user);
}

/** Logout, an expired token, a deleted account: the token goes, and everything cached about the user with it. */
export function endSession(queryClient: QueryClient): void {
  clearLogin();
  queryClient.removeQueries({ queryKey: queryKeys.user.all });
}

/** The profile as the server returned it after a change. */
export function setProfile(queryClient: QueryClient, user: UserInfo): void {
  const token = getToken();
  if (token) queryClient.setQueryData(queryKeys.user.profile(token), user);
}

/** A reply or a preview was charged: its `done` event carries the new balance. */
export function setChipBalance(queryClient: QueryClient, balance: number): void {
  const token = getToken();
  if (!token) return;
  const key = queryKeys.user.profile(token);
  const user = queryClient.getQueryData<UserInfo>(key);
  if (user) queryClient.setQueryData<UserInfo>(key, { ...user, chips: balance });
  else {
    // Nothing read the profile yet: the copy the next read starts from gets the balance (the server's follows).
    const stored = storedProfile(token);
    if (stored) storage.setUserInfo({ ...stored, chips: balance });
  }
  // Other views of the balance (the ledger) are out of date now.
  void queryClient.invalidateQueries({ queryKey: queryKeys.user.chipRecords() });
}

/**
 * Money moved (a payment, a redeemed code, a withdrawal): the profile (chips, is_vip, vip_expires_at), the wallet
 * the ledgers and the order list are read again from the server.
 */
export function refreshProfile(queryClient: QueryClient): Promise<void> {
  const token = getToken();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.user.profile(token) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user.wallet(token) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user.chipRecords() }),
    // The list only: the order being followed is polled on its own.
    queryClient.invalidateQueries({ queryKey: queryKeys.user.orders.list(token) }),
  ]).then(() => undefined);
}

/** Writes the device's copy whenever the logged-in user's profile changes in the cache. Returns the unsubscribe. */
export function persistProfile(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const token = getToken();
    if (!token || event.query.queryHash !== hashKey(queryKeys.user.profile(token))) return;
    storage.setUserInfo(event.query.state.data as UserInfo);
  });
}

/** Another tab logged in or out, or changed the profile: follow it. Returns the unsubscribe. */
export function followOtherTabs(queryClient: QueryClient, win: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === storage.keys.token || event.key === null) {
      const before = getToken();
      reloadSession();
      if (getToken() !== before) queryClient.removeQueries({ queryKey: queryKeys.user.all });
    } else if (event.key === storage.keys.userInfo) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.profile(getToken()) });
    }
  };
  win.addEventListener('storage', onStorage);
  return () => win.removeEventListener('storage', onStorage);
}
