import type { Snippet, UpdateSnippetBody } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** PUT /api/v1/snippet/{id}: rename it, or change its note. */
export function updateSnippet({ id, ...body }: UpdateSnippetBody & { id: number }): Promise<Snippet> {
  return request.put<Snippet>(`/api/v1/snippet/${id}`, { data: body });
}

export function useUpdateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSnippet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.snippets.all }),
  });
}
