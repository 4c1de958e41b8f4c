import type { FavouriteData } from '@lingxi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { request } from '../request';

/** POST (favourite) or DELETE (unfavourite) /api/v1/bot/{id}/favourite. Used by the chat page and my collection. */
export function setFavourite({
  botId,
  favourite,
}: {
  botId: number;
  favourite: boolean;
}): Promise<FavouriteData> {
  const url = `/api/v1/bot/${botId}/favourite`;
  return favourite ? request.post<FavouriteData>(url) : request.delete<FavouriteData>(url);
}

export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    // Bot queries (detail, lists, favourites) all sit under one key: a favourite change refreshes them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bots.all }),
  });
}
