import type { UserInfo } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { request } from '../../../lib/request';
import { clearLogin, setUserInfo, useSession } from '../../../lib/session';

/**
 * GET /api/v1/user: the profile. Seed: flagged no-login-needed, so an expired token shows no login dialog; the
 * stale session is cleared quietly instead, and the answer is stored as the profile.
 */
export async function getUser(signal?: AbortSignal): Promise<UserInfo> {
  try {
    const user = await request.get<UserInfo>('/api/v1/user', { noLoginDialog: true, signal });
    setUserInfo(user);
    return user;
  } catch (error) {
    if (isApiError(error) && error.isNotLoggedIn) clearLogin();
    throw error;
  }
}

export const userQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['user', 'profile', token],
    queryFn: ({ signal }) => getUser(signal),
    enabled: Boolean(token),
  });

/** The profile of the logged-in user: the stored copy at once, refreshed from the server. */
export function useUser() {
  const session = useSession();
  const query = useQuery(userQueryOptions(session.token));
  return {
    ...query,
    user: session.isLoggedIn ? (query.data ?? session.user) : null,
    isLoggedIn: session.isLoggedIn,
  };
}
