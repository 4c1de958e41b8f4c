import { ErrorCode, type Page } from '@lingxi/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { request } from '../../../lib/request';
import { consoleKeys } from '../../lib/console-keys';

export const countsKey = consoleKeys.of('review', 'counts');
const PAGE = 20;

/** A decision the server refused because the item is no longer there to decide (another operator was first). */
const decidedElsewhere = (err: unknown) =>
  isApiError(err) && (err.code === ErrorCode.CONFLICT || err.code === ErrorCode.NOT_FOUND);

/**
 * One review queue (docs/admin.md, Review): worked oldest first, paged by cursor with "load more". A decided item
 * leaves at once (optimistically); if the server refuses because someone else decided it meanwhile, its message
 * shows (the request client's toast) and the item stays gone; any other failure puts it back.
 */
export function useReviewQueue<T>(
  kind: string,
  url: string,
  keyOf: (item: T) => number,
  params: Record<string, string> = {},
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());

  const query = useInfiniteQuery({
    queryKey: consoleKeys.of('review', 'queue', kind, params),
    queryFn: ({ pageParam }) =>
      request.get<Page<T>>(url, {
        params: { ...params, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

  const seen = new Set<number>();
  const items = (query.data?.pages ?? [])
    .flatMap((p) => p.list)
    .filter((item) => {
      const id = keyOf(item);
      if (gone.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });

  const hide = (id: number, on: boolean) =>
    setGone((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const decision = useMutation({
    mutationFn: (d: { id: number; run: () => Promise<unknown>; done: string }) => d.run(),
    onMutate: (d) => hide(d.id, true),
    onSuccess: (_data, d) => void message.success(d.done),
    onError: (err, d) => {
      if (!decidedElsewhere(err)) hide(d.id, false);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: countsKey }),
  });

  /** Runs a decision of item `id`; `done` is what the operator is told when it succeeds. */
  const decide = (id: number, run: () => Promise<unknown>, done: string) =>
    decision.mutate({ id, run, done });

  const refresh = () => {
    setGone(new Set());
    void queryClient.invalidateQueries({ queryKey: consoleKeys.of('review') });
  };

  return { query, items, decide, refresh };
}
