import type { CursorQuery, Order, Page } from '@lingxi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../lib/api/cursor-pages';
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
  cursorPagesOptions(queryKeys.user.orders.list(token), getOrders, token);

export const useOrders = () => useInfiniteQuery(ordersQueryOptions(useSession().token));
