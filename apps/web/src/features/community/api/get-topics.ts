import type { TopicList } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** GET /api/v1/topic: the topics operators keep open, in their order (the same for everyone). */
export function getTopics(signal?: AbortSignal): Promise<TopicList> {
  return request.get<TopicList>('/api/v1/topic', { signal, hideErrorToast: true });
}

export const topicsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.topics(),
    queryFn: ({ signal }) => getTopics(signal),
    staleTime: 5 * 60_000,
  });

export function useTopics() {
  return useQuery(topicsQueryOptions());
}
