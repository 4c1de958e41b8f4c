import type { BotSummary, MyBot, Page } from '@lingxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';

/** As many as one page holds: a sheet to pick from, not a catalogue. */
const LIMIT = 50;

export interface AttachableBots {
  mine: BotSummary[];
  favourites: BotSummary[];
}

/**
 * The bots a post may carry (a published, public bot): the user's own (GET /api/v1/bot/mine, those live in
 * discover) and their favourites (GET /api/v1/bot/favourite), an own bot listed once.
 */
export async function getAttachableBots(signal?: AbortSignal): Promise<AttachableBots> {
  const [mine, favourites] = await Promise.all([
    request.get<Page<MyBot>>('/api/v1/bot/mine', { params: { limit: LIMIT }, signal }),
    request.get<Page<BotSummary>>('/api/v1/bot/favourite', { params: { limit: LIMIT }, signal }),
  ]);
  const own = mine.list.filter((bot) => bot.status === 'published' && bot.visibility === 'public');
  const ownIds = new Set(own.map((bot) => bot.id));
  return { mine: own, favourites: favourites.list.filter((bot) => !ownIds.has(bot.id)) };
}

export function useAttachableBots(enabled: boolean) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: queryKeys.bots.attachable(token),
      queryFn: ({ signal }) => getAttachableBots(signal),
      enabled: enabled && Boolean(token),
    }),
  );
}
