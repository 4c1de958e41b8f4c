import type { ChatMessage } from '@lingxi/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';
import { useReplyCitations } from '../../../components/citations';
import type { Rating } from '../api/rate-message';
import { CopyIcon, RegenerateIcon, SelectIcon, ThumbIcon } from './chat-icons';
import { ReplyMarkdown } from '../../../components/reply-markdown';
import { copyWithToast } from '../../../lib/clipboard';
import './message-bubble.css';

export function UserBubble({ content }: { content: string }) {
  return (
    <div className="lx-msg lx-msg--user" data-testid="user-bubble">
      <div className="lx-msg__bubble">{content}</div>
    </div>
  );
}

interface AssistantFrameProps {
  avatar: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
  streaming?: boolean;
  testId?: string;
}

/** The assistant's side: the bot's avatar, the reply card, and a footer of marks and actions. */
export function AssistantFrame({ avatar, children, footer, streaming, testId }: AssistantFrameProps) {
  return (
    <div
      className={`lx-msg lx-msg--bot${streaming ? ' lx-msg--streaming' : ''}`}
      data-testid={testId ?? 'assistant-bubble'}
    >
      <BotAvatar src={avatar} size={32} className="lx-msg__avatar" />
      <div className="lx-msg__main">
        <div className="lx-msg__bubble">{children}</div>
        {footer}
      </div>
    </div>
  );
}

interface ReplyBubbleProps {
  message: ChatMessage;
  avatar: string;
  /** The last reply of an idle conversation may be regenerated. */
  canRegenerate: boolean;
  onRegenerate: (message: ChatMessage) => void;
  onRate: (message: ChatMessage, rating: Rating) => void;
  /** 多选: select mode with this reply chosen (saving messages as a snippet). */
  onSelect?: (message: ChatMessage) => void;
}

/** A finished reply (complete, stopped or failed) with copy, regenerate, thumbs and 多选. */
export const ReplyBubble = memo(function ReplyBubble({
  message,
  avatar,
  canRegenerate,
  onRegenerate,
  onRate,
  onSelect,
}: ReplyBubbleProps) {
  const { t } = useTranslation();
  const failed = message.status === 'failed';
  const citations = useReplyCitations(message.citations);
  const footer = (
    <>
      {citations.row}
      <div className="lx-msg__footer">
        {message.status === 'stopped' ? (
          <span className="lx-msg__mark" data-testid="stopped-mark">
            {t('chat.stopped')}
          </span>
        ) : null}
        {failed ? (
          <span className="lx-msg__error" role="alert">
            {message.error || t('chat.failed')}
            {canRegenerate ? (
              <button
                type="button"
                className="lx-msg__retry"
                onClick={() => onRegenerate(message)}
                data-testid="retry-reply"
              >
                {t('chat.retry')}
              </button>
            ) : null}
          </span>
        ) : null}
        <span className="lx-msg__actions">
          {message.content ? (
            <button
              type="button"
              className="lx-msg__action"
              aria-label={t('common.copy')}
              onClick={() => void copyWithToast(message.content, t('common.copied'))}
              data-testid="copy-reply"
            >
              <CopyIcon />
            </button>
          ) : null}
          {canRegenerate && !failed ? (
            <button
              type="button"
              className="lx-msg__action"
              aria-label={t('chat.regenerate')}
              onClick={() => onRegenerate(message)}
              data-testid="regenerate"
            >
              <RegenerateIcon />
            </button>
          ) : null}
          {failed ? null : (
            <>
              <button
                type="button"
                className={`lx-msg__action${message.rating === 1 ? ' lx-msg__action--on' : ''}`}
                aria-label={t('chat.like')}
                aria-pressed={message.rating === 1}
                onClick={() => onRate(message, message.rating === 1 ? 0 : 1)}
                data-testid="rate-up"
              >
                <ThumbIcon filled={message.rating === 1} />
              </button>
              <button
                type="button"
                className={`lx-msg__action${message.rating === -1 ? ' lx-msg__action--on' : ''}`}
                aria-label={t('chat.dislike')}
                aria-pressed={message.rating === -1}
                onClick={() => onRate(message, message.rating === -1 ? 0 : -1)}
                data-testid="rate-down"
              >
                <ThumbIcon down filled={message.rating === -1} />
              </button>
            </>
          )}
          {onSelect && !failed && message.content.trim() ? (
            <button
              type="button"
              className="lx-msg__action"
              aria-label={t('chat.select.start')}
              onClick={() => onSelect(message)}
              data-testid="select-messages"
            >
              <SelectIcon />
            </button>
          ) : null}
        </span>
      </div>
    </>
  );
  return (
    <AssistantFrame avatar={avatar} footer={footer}>
      {message.content ? (
        <ReplyMarkdown source={message.content} {...citations.markers} />
      ) : (
        <span className="lx-muted">…</span>
      )}
    </AssistantFrame>
  );
});
