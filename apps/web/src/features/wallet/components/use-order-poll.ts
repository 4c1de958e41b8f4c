import type { Order } from '@lingxi/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refreshProfile } from '../../../lib/profile';
import { queryKeys } from '../../../lib/query-keys';
import { getOrder } from '../api/get-order';

/** docs/money.md, Orders and payments: the client polls every 2 s for about 90 s, and again when it is shown. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_TIMEOUT_MS = 90_000;

export type PayOutcome = 'paying' | 'success' | 'closed' | 'timeout' | 'error';

const settled = (order: Order | undefined) =>
  order !== undefined && order.status !== 'pending' && order.status !== 'paid';

/**
 * Follows an order until it is fulfilled or closed. The profile (chips, membership) is refreshed once, when it is
 * fulfilled. `restart` polls again (after a time-out, or when the page becomes visible again).
 */
export function useOrderPoll(orderNo: string | null) {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  // The round (order and restart) whose 90 s ran out.
  const [expired, setExpired] = useState<string | null>(null);
  const timedOut = expired === `${orderNo}:${round}`;
  const query = useQuery({
    queryKey: queryKeys.user.orders.one(orderNo ?? ''),
    queryFn: ({ signal }) => getOrder(orderNo!, signal),
    enabled: Boolean(orderNo),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (settled(q.state.data) || timedOut ? false : POLL_INTERVAL_MS),
    refetchIntervalInBackground: false,
  });
  const order = query.data;
  const done = settled(order);

  useEffect(() => {
    if (!orderNo) return;
    const timer = setTimeout(() => setExpired(`${orderNo}:${round}`), POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [orderNo, round]);

  // Back from the payment app (WeChat, a browser tab): ask again at once, for another round. A settled order
  // stays as it is.
  const { refetch } = query;
  useEffect(() => {
    if (!orderNo || done) return;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      setRound((r) => r + 1);
      void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [orderNo, done, refetch]);

  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (order?.status === 'fulfilled' && refreshed.current !== order.order_no) {
      refreshed.current = order.order_no;
      void refreshProfile(queryClient);
    }
  }, [order, queryClient]);

  let outcome: PayOutcome = 'paying';
  if (order?.status === 'fulfilled') outcome = 'success';
  else if (order?.status === 'closed' || order?.status === 'refunded') outcome = 'closed';
  else if (!order && query.isError) outcome = 'error';
  else if (timedOut) outcome = 'timeout';

  return {
    order,
    outcome,
    restart: () => {
      setRound((r) => r + 1);
      void refetch();
    },
  };
}
