import type { CursorQuery, Order, Page } from '@lingxi/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** GET /api/v1/order: my orders, newest first, paged by cursor. */
export function getOrders(params: CursorQuery, signal?: AbortSignal) {
  return request.get<Page<Order>>('/api/v1/order', {
    params: { limit: 20, ...params },
    hideErrorToast: true,
    signal,
  });
}

export const ordersQueryOptions = (token: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.user.orders.list(token),
    queryFn: ({ pageParam, signal }) => getOrders({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(token),
  });

export const useOrders = () => useInfiniteQuery(ordersQueryOptions(useSession().token));
