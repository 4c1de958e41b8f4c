import type { BotDetail, BotSummary, Category } from '@lingxi/contract';
import { presentModelBrief } from '../models/models.service.js';
import type { BotDetail as Detail, BotWithCreator } from './bots.service.js';

export function presentBotSummary(b: BotWithCreator): BotSummary {
  return {
    id: b.id,
    name: b.name,
    avatar: b.avatar,
    intro: b.intro,
    category: b.categoryId,
    tags: b.tags,
    is_system: b.creatorId === null,
    creator:
      b.creatorId === null
        ? null
        : { id: b.creatorId, nickname: b.creatorNickname ?? '', avatar: b.creatorAvatar ?? '' },
    stats: { chats: b.chatCount, users: b.userCount, favourites: b.favouriteCount },
  };
}

export function presentBotDetail({ bot: b, ...opts }: Detail): BotDetail {
  return {
    ...presentBotSummary(b),
    greeting: b.greeting,
    questions: b.questions,
    model_id: opts.modelId,
    model: presentModelBrief(opts.model, opts.priceFor),
    temperature: b.temperature,
    visibility: b.visibility,
    status: b.status,
    is_favourite: opts.isFavourite,
    is_assistant: b.isAssistant,
    created_at: b.createdAt.toISOString(),
  };
}

export const presentCategory = (c: { id: string; name: string; icon: string }): Category => ({
  id: c.id,
  name: c.name,
  icon: c.icon,
});

export const presentFavourite = (f: { isFavourite: boolean; favourites: number }) => ({
  is_favourite: f.isFavourite,
  favourites: f.favourites,
});
