import type { Translations } from '@lingxi/contract';
import { botAvatarFor } from '../../platform/avatars.js';
import type { BotWithCreator } from './bots.service.js';

/*
 * The stand-in a bot that left the catalogue shows to anyone but its creator (docs/access-matrix.md): its id and
 * creator only, with a generated avatar, so a creator who takes a bot private and renames it shows nothing new to
 * those who once chatted with it. Its name is the platform's text, so it reads in the reader's language
 * (docs/i18n.md, Data the platform owns), where a user's bot otherwise reads as its creator wrote it.
 */

const WITHHELD_NAME = '已下架的智能体';
const WITHHELD_TRANSLATIONS: Translations = {
  en: { name: 'Unavailable bot' },
  es: { name: 'Bot no disponible' },
  fr: { name: 'Bot indisponible' },
  // zh-Hant: the OpenCC conversion of the source, 已下架的智能體.
};

export function withheldView(bot: BotWithCreator): BotWithCreator {
  return {
    ...bot,
    name: WITHHELD_NAME,
    avatar: botAvatarFor(`withheld-${bot.id}`),
    intro: '',
    tags: [],
    persona: '',
    greeting: '',
    questions: [],
    translations: WITHHELD_TRANSLATIONS,
  };
}

/** Whether the bot's texts are the platform's (a system bot, or the withheld stand-in), read in the reader's locale. */
export const textsArePlatforms = (bot: BotWithCreator) =>
  bot.creatorId === null || bot.translations === WITHHELD_TRANSLATIONS;
