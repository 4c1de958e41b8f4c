import type { SandboxConfirmResult, SandboxOrder } from '@lingxi/contract';
import { request } from '../../../lib/request';

/** GET /api/v1/pay/sandbox/{order_no}: the order to confirm (sandbox provider only). */
export function getSandboxOrder(orderNo: string, signal?: AbortSignal): Promise<SandboxOrder> {
  return request.get<SandboxOrder>(`/api/v1/pay/sandbox/${encodeURIComponent(orderNo)}`, {
    hideErrorToast: true,
    signal,
  });
}

/** POST /api/v1/pay/sandbox/{order_no}/confirm: the test payment; the server's signed callback fulfils it. */
export function confirmSandboxOrder(orderNo: string): Promise<SandboxConfirmResult> {
  return request.post<SandboxConfirmResult>(`/api/v1/pay/sandbox/${encodeURIComponent(orderNo)}/confirm`);
}
