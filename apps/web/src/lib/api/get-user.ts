import type { UserInfo } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../api-error';
import { storedProfile } from '../profile';
import { queryKeys } from '../query-keys';
import { request } from '../request';
import { clearLogin, getToken, useSession } from '../session';

/**
 * GET /api/v1/user: the profile. Flagged no-login-needed (docs/product.md, Client contract), so an expired token
 * shows no login dialog: the stale session is cleared quietly instead.
 */
export async function getUser(signal?: AbortSignal): Promise<UserInfo> {
  const token = getToken();
  try {
    return await request.get<UserInfo>('/api/v1/user', { noLoginDialog: true, signal });
  } catch (error) {
    // Only the token that was refused goes: a login that happened meanwhile stays.
    if (isApiError(error) && error.isNotLoggedIn && getToken() === token) clearLogin();
    throw error;
  }
}

/**
 * The profile of the account behind `token`: the one place the app reads it from. The device's copy (from the
 * last visit) is shown at once and refreshed from the server straight away.
 */
export const profileQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.user.profile(token),
    queryFn: ({ signal }) => getUser(signal),
    enabled: Boolean(token),
    initialData: () => storedProfile(token),
    initialDataUpdatedAt: 0,
  });

export interface Profile {
  /** The logged-in user's profile; null while logged out, and while it is being fetched. */
  user: UserInfo | null;
  isLoggedIn: boolean;
  /** Logged in, and the profile is on its way (nothing to show yet): a loading state, not the logged-out one. */
  isLoading: boolean;
  /** Logged in, but the profile could not be fetched (and there is no copy to show). */
  isError: boolean;
  /** Why it could not be fetched (network or server), when `isError`. */
  error: unknown;
  refetch: () => void;
}

export function useProfile(): Profile {
  const { token, isLoggedIn } = useSession();
  const query = useQuery(profileQueryOptions(token));
  const user = isLoggedIn ? (query.data ?? null) : null;
  return {
    user,
    isLoggedIn,
    isLoading: isLoggedIn && !user && query.isPending,
    isError: isLoggedIn && !user && query.isError,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
