import type { AdminUserDetail } from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { request } from '../../../lib/request';
import { consoleKeys } from '../../lib/console-keys';

/** The console area of these pages: every list and detail of it refreshes after an action. */
export const USERS_AREA = 'users';
export const USERS_URL = '/api/v1/admin/user';

/** GET /api/v1/admin/user/{id}: the user, their wallet and the latest of what they did. */
export function useUserDetail(id: number) {
  return useQuery({
    queryKey: consoleKeys.of(USERS_AREA, 'detail', id),
    queryFn: () => request.get<AdminUserDetail>(`${USERS_URL}/${id}`),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

/**
 * One of the operators' actions on a user (`disable`, `chips` …): POSTs the body (and headers), says `done` and
 * refreshes the area. A refusal is shown by the request client.
 */
export function useUserAction<TBody, TResult = unknown>(
  id: number,
  action: string,
  done: string | ((result: TResult) => string),
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { body: TBody; headers?: Record<string, string> }) =>
      request.post<TResult>(`${USERS_URL}/${id}/${action}`, { data: v.body, headers: v.headers }),
    onSuccess: (result) => {
      void message.success(typeof done === 'string' ? done : done(result));
      return queryClient.invalidateQueries({ queryKey: consoleKeys.area(USERS_AREA) });
    },
  });
}
