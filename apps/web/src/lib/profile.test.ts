import type { UserInfo } from '@lingxi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { makeUser } from '../test/fixtures';
import { loginAs } from '../test/login';
import { mockApi } from '../test/mock-api';
import { getUser, profileQueryOptions } from './api/get-user';
import { endSession, followOtherTabs, setChipBalance, startSession } from './profile';
import { queryKeys } from './query-keys';
import { clearLogin, sessionStore, setToken } from './session';
import { storage } from './storage';

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

const cached = (client: ReturnType<typeof createQueryClient>, token: string) =>
  client.getQueryData<UserInfo>(queryKeys.user.profile(token));

describe('the profile lives in the query cache', () => {
  it('a login puts the profile in the cache and its copy on the device; the session keeps only the token', () => {
    const client = createQueryClient();
    startSession(client, 'tok-1', makeUser({ nickname: '小灵' }));
    expect(sessionStore.get()).toEqual({ token: 'tok-1' });
    expect(cached(client, 'tok-1')?.nickname).toBe('小灵');
    expect(storage.getUserInfo()?.nickname).toBe('小灵');
  });

  it('a charge’s new balance lands in the cached profile and in the device copy', () => {
    const client = createQueryClient();
    startSession(client, 'tok-1', makeUser({ chips: 50 }));
    setChipBalance(client, 47);
    expect(cached(client, 'tok-1')?.chips).toBe(47);
    expect(storage.getUserInfo()?.chips).toBe(47);
  });

  it('a charge before anything read the profile updates the device copy the next paint starts from', () => {
    loginAs('tok-1', makeUser({ chips: 50 }));
    const client = createQueryClient();
    setChipBalance(client, 44);
    expect(storage.getUserInfo()?.chips).toBe(44);
  });

  it('another account’s token never starts from the last account’s copy', () => {
    loginAs('tok-a', makeUser({ id: 1, nickname: '甲' }));
    setToken('tok-b');
    const client = createQueryClient();
    const options = profileQueryOptions('tok-b');
    expect(typeof options.initialData === 'function' ? options.initialData() : options.initialData).toBe(
      undefined,
    );
    expect(storage.getUserInfo()).toBeNull();
    expect(cached(client, 'tok-b')).toBeUndefined();
  });

  it('logout drops the token, every cached piece of the user and the device copy', () => {
    const client = createQueryClient();
    startSession(client, 'tok-1', makeUser());
    client.setQueryData(queryKeys.user.chipRecords(), { pages: [], pageParams: [] });
    endSession(client);
    expect(sessionStore.get().token).toBeNull();
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.user.all })).toHaveLength(0);
    expect(storage.getToken()).toBeNull();
    expect(storage.getUserInfo()).toBeNull();
  });

  it('another tab logging out logs this one out too, and forgets the profile', () => {
    const client = createQueryClient();
    startSession(client, 'tok-1', makeUser());
    const stop = followOtherTabs(client);
    try {
      localStorage.clear(); // what the other tab's logout did to the shared storage
      window.dispatchEvent(new StorageEvent('storage', { key: storage.keys.token }));
      expect(sessionStore.get().token).toBeNull();
      expect(cached(client, 'tok-1')).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('a refused profile call clears only the token it was made with, not a login that happened meanwhile', async () => {
    setToken('old');
    let refuse: (reply: { code: number; msg: string }) => void = () => undefined;
    mockApi({ 'GET /api/v1/user': () => new Promise((resolve) => (refuse = resolve)) });
    const pending = getUser().catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 0));
    setToken('new');
    refuse({ code: 20005, msg: '登录已过期，请重新登录' });
    expect(await pending).toMatchObject({ code: 20005 });
    expect(sessionStore.get().token).toBe('new');
  });

  it('a refused profile call with the current token logs out quietly', async () => {
    setToken('old');
    mockApi({ 'GET /api/v1/user': { code: 20005, msg: '登录已过期，请重新登录' } });
    expect(await getUser().catch((error: unknown) => error)).toMatchObject({ code: 20005 });
    expect(sessionStore.get().token).toBeNull();
  });
});
