import { CloseOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';
import { SnippetCard } from '../../../components/snippet-card';
import type { Attachment } from './release-draft';
import './attachment-row.css';

const BotIcon = () => (
  <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true">
    <rect x="4" y="7" width="16" height="12" rx="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M12 3.5V7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    <circle cx="9.2" cy="13" r="1.4" fill="currentColor" />
    <circle cx="14.8" cy="13" r="1.4" fill="currentColor" />
  </svg>
);

interface AttachmentRowProps {
  attachment: Attachment | null;
  onPickBot: () => void;
  onPickSnippet: () => void;
  onClear: () => void;
}

/** The post's one card: a bot or a snippet to add, or the one added with × to take it off. */
export function AttachmentRow({ attachment, onPickBot, onPickSnippet, onClear }: AttachmentRowProps) {
  const { t } = useTranslation();
  if (!attachment) {
    return (
      <div className="lx-attach">
        <button type="button" className="lx-attach__pick" onClick={onPickBot} data-testid="attach-bot">
          <span className="lx-attach__icon lx-attach__icon--bot">
            <BotIcon />
          </span>
          {t('release.attachBot')}
        </button>
        <button
          type="button"
          className="lx-attach__pick"
          onClick={onPickSnippet}
          data-testid="attach-snippet"
        >
          <span className="lx-attach__icon lx-attach__icon--snippet">
            <MessageOutline />
          </span>
          {t('release.attachSnippet')}
        </button>
      </div>
    );
  }
  return (
    <div className="lx-attach lx-attach--chosen" data-testid="attachment">
      {attachment.kind === 'bot' ? (
        <div className="lx-attach__bot">
          <BotAvatar src={attachment.bot.avatar} size={40} />
          <span className="lx-attach__bot-text">
            <span className="lx-attach__bot-name">{attachment.bot.name}</span>
            <span className="lx-attach__bot-intro">{attachment.bot.intro}</span>
          </span>
        </div>
      ) : (
        <SnippetCard snippet={attachment.snippet} />
      )}
      <button
        type="button"
        className="lx-attach__clear"
        aria-label={t('release.removeAttachment')}
        onClick={onClear}
        data-testid="attachment-clear"
      >
        <CloseOutline />
      </button>
    </div>
  );
}
