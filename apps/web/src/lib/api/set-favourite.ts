import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../request';

export interface FavouriteData {
  is_favourite: boolean;
  favourites: number;
}

/** Bot queries start with this key (detail, lists, favourites), so a favourite change refreshes them. */
export const BOTS_KEY = ['bots'] as const;

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOTS_KEY }),
  });
}
