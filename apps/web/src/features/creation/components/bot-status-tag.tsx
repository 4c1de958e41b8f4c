import type { MyBot } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';

export type BotStatusKey = 'private' | 'reviewing' | 'published' | 'rejected' | 'editReviewing';

/** Where a bot stands, as its creator reads it: an edit in review wins over the live status. */
export function statusKey(bot: Pick<MyBot, 'status' | 'pending_edit'>): BotStatusKey {
  if (bot.pending_edit) return 'editReviewing';
  switch (bot.status) {
    case 'draft':
      return 'private';
    case 'pending_review':
      return 'reviewing';
    case 'published':
      return 'published';
    case 'rejected':
      return 'rejected';
  }
}

export function BotStatusTag({ bot }: { bot: Pick<MyBot, 'status' | 'pending_edit'> }) {
  const { t } = useTranslation();
  const key = statusKey(bot);
  return (
    <span className={`lx-status lx-status--${key}`} data-testid="bot-status" data-status={key}>
      {t(`myAi.status.${key}`)}
    </span>
  );
}
