import type { BotDetail, BotSummary, ModelBrief } from '@lingxi/contract';
import type { BotWithCreator } from './bots.repository.js';

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

export function presentBotDetail(
  b: BotWithCreator,
  opts: { isFavourite: boolean; modelId: string; model: ModelBrief },
): BotDetail {
  return {
    ...presentBotSummary(b),
    greeting: b.greeting,
    questions: b.questions,
    model_id: opts.modelId,
    model: opts.model,
    temperature: b.temperature,
    visibility: b.visibility,
    status: b.status,
    is_favourite: opts.isFavourite,
    is_assistant: b.isAssistant,
    created_at: b.createdAt.toISOString(),
  };
}
