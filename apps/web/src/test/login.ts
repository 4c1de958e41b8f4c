import type { UserInfo } from '@lingxi/contract';
import { setToken } from '../lib/session';
import { storage } from '../lib/storage';

/**
 * Logged in as the app finds itself when opened again: a stored token and the device's copy of the profile, which
 * the profile query starts from (and then refreshes from the server, when the test answers GET /api/v1/user).
 */
export function loginAs(token: string, user: UserInfo): void {
  setToken(token);
  storage.setUserInfo(user);
}
