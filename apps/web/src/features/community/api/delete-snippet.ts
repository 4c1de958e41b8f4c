import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** DELETE /api/v1/snippet/{id}: posts that carry it keep their own copy. */
export function deleteSnippet(id: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/snippet/${id}`);
}

export function useDeleteSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSnippet,
    // The lists only: the snippet itself is not fetched again (the page that showed it is leaving).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.snippets.lists }),
  });
}
