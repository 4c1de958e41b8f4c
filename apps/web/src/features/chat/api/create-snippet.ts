import type { CreateSnippetBody, Snippet } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

/** POST /api/v1/snippet: the chosen messages of one conversation, in conversation order, kept as they are now. */
export function createSnippet(body: CreateSnippetBody): Promise<Snippet> {
  return request.post<Snippet>('/api/v1/snippet', { data: body });
}

export function useCreateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSnippet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.snippets.all }),
  });
}
