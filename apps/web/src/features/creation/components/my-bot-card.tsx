import type { MyBot } from '@lingxi/contract';
import {
  DeleteOutline,
  EditSOutline,
  EyeInvisibleOutline,
  GlobalOutline,
  MessageOutline,
} from 'antd-mobile-icons';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';
import { formatCount } from '../../../components/bot-card';
import { BotStatusTag } from './bot-status-tag';

export type MyBotAction = 'chat' | 'edit' | 'visibility' | 'delete';

interface MyBotCardProps {
  bot: MyBot;
  updated: string;
  onAction: (bot: MyBot, action: MyBotAction) => void;
}

function Action(props: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  danger?: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`lx-my-bot__action${props.danger ? ' lx-my-bot__action--danger' : ''}`}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.icon}
      <span>{props.label}</span>
    </button>
  );
}

/** One of the user's bots: status, why a review failed, chats, and what can be done with it. */
export const MyBotCard = memo(function MyBotCard({ bot, updated, onAction }: MyBotCardProps) {
  const { t, i18n } = useTranslation();
  const isPublic = bot.visibility === 'public';
  return (
    <article className="lx-my-bot lx-card" data-testid="my-bot-card" data-bot-id={bot.id}>
      <div className="lx-my-bot__main">
        <BotAvatar src={bot.avatar} size={52} />
        <div className="lx-my-bot__body">
          <div className="lx-my-bot__head">
            <span className="lx-my-bot__name">{bot.name}</span>
            <BotStatusTag bot={bot} />
          </div>
          <div className="lx-my-bot__intro">{bot.intro || t('myAi.noIntro')}</div>
          <div className="lx-my-bot__meta">
            <span>
              {t('bots.chats', {
                count: bot.stats.chats,
                formatted: formatCount(bot.stats.chats, i18n.language),
              })}
            </span>
            <span className="lx-my-bot__dot">·</span>
            <span>{t('myAi.updated', { when: updated })}</span>
          </div>
        </div>
      </div>
      {bot.status === 'rejected' ? (
        <div className="lx-my-bot__reason" data-testid="reject-reason">
          {t('myAi.rejectReason', { reason: bot.reject_reason || t('myAi.noReason') })}
        </div>
      ) : null}
      {bot.pending_edit ? <div className="lx-my-bot__note">{t('myAi.pendingEditNote')}</div> : null}
      <div className="lx-my-bot__actions">
        <Action
          icon={<MessageOutline />}
          label={t('myAi.chat')}
          onClick={() => onAction(bot, 'chat')}
          testId="my-bot-chat"
        />
        <Action
          icon={<EditSOutline />}
          label={t('myAi.edit')}
          onClick={() => onAction(bot, 'edit')}
          testId="my-bot-edit"
        />
        <Action
          icon={isPublic ? <EyeInvisibleOutline /> : <GlobalOutline />}
          label={t(isPublic ? 'myAi.makePrivate' : 'myAi.makePublic')}
          onClick={() => onAction(bot, 'visibility')}
          testId="my-bot-visibility"
        />
        <Action
          icon={<DeleteOutline />}
          label={t('myAi.delete')}
          onClick={() => onAction(bot, 'delete')}
          danger
          testId="my-bot-delete"
        />
      </div>
    </article>
  );
});
