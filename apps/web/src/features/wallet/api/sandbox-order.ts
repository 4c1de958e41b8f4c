import type { SandboxPayment } from '@lingxi/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/pay/sandbox/{order_no}: the order to confirm (sandbox provider only). */
export function getSandboxOrder(orderNo: string, signal?: AbortSignal): Promise<SandboxPayment> {
  return request.get<SandboxPayment>(`/api/v1/pay/sandbox/${encodeURIComponent(orderNo)}`, {
    hideErrorToast: true,
    signal,
  });
}

export const sandboxOrderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: queryKeys.user.orders.sandbox(orderNo),
    queryFn: ({ signal }) => getSandboxOrder(orderNo, signal),
    enabled: Boolean(orderNo),
    retry: false,
  });

export const useSandboxOrder = (orderNo: string) => useQuery(sandboxOrderQueryOptions(orderNo));

/** POST /api/v1/pay/sandbox/{order_no}/confirm: the test payment; the server's signed callback fulfils it. */
export function confirmSandboxOrder(orderNo: string): Promise<SandboxPayment> {
  return request.post<SandboxPayment>(`/api/v1/pay/sandbox/${encodeURIComponent(orderNo)}/confirm`);
}

export const useConfirmSandboxOrder = () =>
  useMutation({ mutationFn: (orderNo: string) => confirmSandboxOrder(orderNo) });
