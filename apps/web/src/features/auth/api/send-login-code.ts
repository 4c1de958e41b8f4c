import type { LoginCodeData, LoginCodeParams } from '@lingxi/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** The phone, and whatever else the caller sends along (it goes in the query). */
export type SendLoginCodeInput = LoginCodeParams & Record<string, unknown>;

/**
 * POST /api/v1/login/code/{phone}. docs/product.md, Client contract: the phone goes in the path, the other
 * fields of the object in the query; custom headers are optional.
 */
export function sendLoginCode(
  { phone, ...rest }: SendLoginCodeInput,
  headers?: Record<string, string | undefined>,
): Promise<LoginCodeData> {
  return request.post<LoginCodeData>(`/api/v1/login/code/${encodeURIComponent(phone)}`, {
    params: rest,
    headers,
  });
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: (input: SendLoginCodeInput) => sendLoginCode(input) });
}
