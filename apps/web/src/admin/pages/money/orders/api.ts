import type { AdminOrder, AdminOrderDetail } from '@lingxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../../lib/request';
import { consoleKeys } from '../../../lib/console-keys';

export const ORDERS = 'orders';
export const ORDERS_URL = '/api/v1/admin/order';

/** GET /admin/order/{no}: one order with its timeline, the provider's payloads and the commission. */
export function useOrderDetail(orderNo: string | null) {
  return useQuery({
    queryKey: consoleKeys.of(ORDERS, 'detail', orderNo),
    queryFn: () => request.get<AdminOrderDetail>(`${ORDERS_URL}/${orderNo}`),
    enabled: Boolean(orderNo),
  });
}

/** POST /admin/order/{no}/refund: a full refund; the list and the detail refresh after it. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNo, reason }: { orderNo: string; reason: string }) =>
      request.post<AdminOrder>(`${ORDERS_URL}/${orderNo}/refund`, { data: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.area(ORDERS) }),
  });
}
