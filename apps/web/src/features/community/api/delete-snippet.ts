import type { OkData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** DELETE /api/v1/snippet/{id}: posts that carry it keep their own copy. */
export function deleteSnippet(id: number): Promise<OkData> {
  return request.delete<OkData>(`/api/v1/snippet/${id}`);
}

export function useDeleteSnippet() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: deleteSnippet,
    onSuccess: (_data, id) => {
      // Not refetched: the page that showed it is leaving.
      queryClient.removeQueries({ queryKey: queryKeys.snippets.one(id, token) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.snippets.lists });
    },
  });
}
