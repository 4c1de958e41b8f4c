import type { SandboxPayment } from '@lingxi/contract';
import { request } from '../../../lib/request';

/** GET /api/v1/pay/sandbox/{order_no}: the order to confirm (sandbox provider only). */
export function getSandboxOrder(orderNo: string, signal?: AbortSignal): Promise<SandboxPayment> {
  return request.get<SandboxPayment>(`/api/v1/pay/sandbox/${encodeURIComponent(orderNo)}`, {
    hideErrorToast: true,
    signal,
  });
}

/** POST /api/v1/pay/sandbox/{order_no}/confirm: the test payment; the server's signed callback fulfils it. */
export function confirmSandboxOrder(orderNo: string): Promise<SandboxPayment> {
  return request.post<SandboxPayment>(`/api/v1/pay/sandbox/${encodeURIComponent(orderNo)}/confirm`);
}
