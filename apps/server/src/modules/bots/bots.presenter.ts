import type { BotDetail, BotSummary, Category, Locale, Translations } from '@lingxi/contract';
import { localize } from '../../platform/i18n/localize.js';
import { requestLocale } from '../../platform/http/request-context.js';
import { presentModelBrief } from '../models/models.service.js';
import type { BotDetail as Detail, BotWithCreator } from './bots.service.js';
import { textsArePlatforms } from './withheld.js';

type Texts = Pick<BotWithCreator, 'name' | 'intro' | 'tags' | 'greeting' | 'questions'>;

/**
 * A bot's texts as the reader reads them (docs/i18n.md, Data the platform owns): a system bot's (and the withheld
 * stand-in's) in the request's locale; a user's bot's as its creator wrote them, in every locale.
 */
function textsOf(b: BotWithCreator, locale: Locale): Texts {
  const source = { name: b.name, intro: b.intro, tags: b.tags, greeting: b.greeting, questions: b.questions };
  return textsArePlatforms(b) ? localize(source, b.translations as Translations, locale) : source;
}

export function presentBotSummary(b: BotWithCreator): BotSummary {
  return summaryIn(b, requestLocale());
}

/** A bot's card in the source texts: the console edits and lists what is stored (zh-Hans). */
export function presentBotSummarySource(b: BotWithCreator): BotSummary {
  return summaryIn(b, 'zh-Hans');
}

function summaryIn(b: BotWithCreator, locale: Locale): BotSummary {
  const t = textsOf(b, locale);
  return {
    id: b.id,
    name: t.name,
    avatar: b.avatar,
    intro: t.intro,
    category: b.categoryId,
    tags: t.tags,
    is_system: b.creatorId === null,
    creator:
      b.creatorId === null
        ? null
        : { id: b.creatorId, nickname: b.creatorNickname ?? '', avatar: b.creatorAvatar ?? '' },
    stats: { chats: b.chatCount, users: b.userCount, favourites: b.favouriteCount },
  };
}

export function presentBotDetail({ bot: b, ...opts }: Detail): BotDetail {
  const locale = requestLocale();
  const t = textsOf(b, locale);
  return {
    ...summaryIn(b, locale),
    greeting: t.greeting,
    questions: t.questions,
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

export const presentCategory = (c: {
  id: string;
  name: string;
  icon: string;
  translations: Translations;
}): Category => ({
  id: c.id,
  name: localize({ name: c.name }, c.translations).name,
  icon: c.icon,
});

export const presentFavourite = (f: { isFavourite: boolean; favourites: number }) => ({
  is_favourite: f.isFavourite,
  favourites: f.favourites,
});
