import type { CreatedOrder, CreateOrderBody } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/**
 * POST /api/v1/order: an order for a tier or a package, paid by `channel`. `key` is the attempt's Idempotency-Key:
 * a retry of the same attempt sends the same key, so it never makes a second order.
 */
export function createOrder(body: CreateOrderBody, key: string): Promise<CreatedOrder> {
  return request.post<CreatedOrder>('/api/v1/order', { data: body, headers: { 'Idempotency-Key': key } });
}

export const useCreateOrder = () =>
  useMutation({
    mutationFn: ({ body, key }: { body: CreateOrderBody; key: string }) => createOrder(body, key),
  });
