import { afterEach, describe, expect, it } from 'vitest';
import { commonStore } from '../lib/common-store';
import { sessionStore } from '../lib/session';
import { storage } from '../lib/storage';
import { readLaunchQuery } from './bootstrap';

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('launch query', () => {
  it('?token= stores the token (logged in) and leaves the address bar', () => {
    window.history.replaceState(null, '', '/user?token=abc123&x=1');
    readLaunchQuery();
    expect(storage.getToken()).toBe('abc123');
    expect(sessionStore.get().token).toBe('abc123');
    expect(window.location.pathname + window.location.search).toBe('/user?x=1');
  });

  it('?invite_code= stores the invite code in storage and the common store', () => {
    window.history.replaceState(null, '', '/?invite_code=K7P2QX');
    readLaunchQuery();
    expect(storage.getInviteCode()).toBe('K7P2QX');
    expect(commonStore.get().inviteCode).toBe('K7P2QX');
  });

  it('without either, nothing is stored', () => {
    window.history.replaceState(null, '', '/bot/discover');
    expect(readLaunchQuery()).toEqual({ token: null, inviteCode: null });
    expect(storage.getToken()).toBeNull();
  });
});
