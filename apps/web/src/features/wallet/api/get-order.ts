import type { Order } from '@lingxi/contract';
import { request } from '../../../lib/request';

/** GET /api/v1/order/{order_no}: one of my orders (the server asks the provider when it is still pending). */
export function getOrder(orderNo: string, signal?: AbortSignal): Promise<Order> {
  return request.get<Order>(`/api/v1/order/${encodeURIComponent(orderNo)}`, { hideErrorToast: true, signal });
}
