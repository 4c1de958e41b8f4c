import type { BlockedUser, CursorQuery, Page } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/user/block: the users I blocked (拉黑), newest first. */
export function getBlockedUsers(params: CursorQuery, signal?: AbortSignal): Promise<Page<BlockedUser>> {
  return request.get<Page<BlockedUser>>('/api/v1/user/block', { params: { limit: 20, ...params }, signal });
}

/** The list while the sheet is open (`enabled`). */
export function useBlockedUsers(enabled: boolean) {
  const { token } = useSession();
  const options = cursorPagesOptions(queryKeys.blocks(token), getBlockedUsers, token);
  return useInfiniteQuery({ ...options, enabled: options.enabled && enabled, staleTime: 0 });
}
