import type { WalletInfo } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { request } from '../request';
import { useSession } from '../session';

/** GET /api/v1/wallet: chips, earnings and the membership (expiry, next monthly grant). */
export function getWallet(signal?: AbortSignal): Promise<WalletInfo> {
  return request.get<WalletInfo>('/api/v1/wallet', { hideErrorToast: true, signal });
}

export const walletQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.user.wallet(token),
    queryFn: ({ signal }) => getWallet(signal),
    enabled: Boolean(token),
  });

export const useWallet = () => useQuery(walletQueryOptions(useSession().token));
