import type { BotSummary } from '@lingxi/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from './bot-avatar';
import './bot-card.css';
import { HTML_LANG, isLocale } from '../lib/locale';

/** 12345 → "1.2万" in Chinese, "12K" in English. */
export function formatCount(value: number, language: string): string {
  const tag = isLocale(language) ? HTML_LANG[language] : language;
  try {
    return new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  } catch {
    return String(value);
  }
}

interface BotCardProps {
  bot: BotSummary;
  onOpen: (bot: BotSummary) => void;
}

/** A bot in a list: avatar, name, two lines of intro, tags and how many chats it has had. */
export const BotCard = memo(function BotCard({ bot, onOpen }: BotCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <button type="button" className="lx-bot-card" onClick={() => onOpen(bot)} data-testid="bot-card">
      <BotAvatar src={bot.avatar} size={52} />
      <span className="lx-bot-card__body">
        <span className="lx-bot-card__name">{bot.name}</span>
        <span className="lx-bot-card__intro">{bot.intro}</span>
        <span className="lx-bot-card__meta">
          {bot.tags.slice(0, 3).map((tag) => (
            <span key={tag} className="lx-bot-card__tag">
              {tag}
            </span>
          ))}
          <span className="lx-bot-card__chats">
            {t('bots.chats', {
              count: bot.stats.chats,
              formatted: formatCount(bot.stats.chats, i18n.language),
            })}
          </span>
        </span>
      </span>
    </button>
  );
});
