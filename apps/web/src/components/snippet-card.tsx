import type { PostSnippet } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { plainText } from '../lib/plain-text';
import { BotAvatar } from './bot-avatar';
import './snippet-card.css';

interface SnippetCardProps {
  /** A post's snippet or the user's own (`Snippet` has the same fields). */
  snippet: PostSnippet;
  onOpen?: () => void;
}

/** A snippet as a card in a post or a list: its title, its bot and the first lines of the exchange. */
export function SnippetCard({ snippet, onOpen }: SnippetCardProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="lx-snippet-card"
      onClick={(event) => {
        event.stopPropagation();
        onOpen?.();
      }}
    >
      <div className="lx-snippet-card__head">
        <BotAvatar src={snippet.bot?.avatar} size={20} />
        <span className="lx-snippet-card__bot">{snippet.bot?.name ?? t('snippetCard.botGone')}</span>
        <span className="lx-snippet-card__count">
          {t('snippetCard.messages', { count: snippet.message_count })}
        </span>
      </div>
      <div className="lx-snippet-card__title">{snippet.title}</div>
      <div className="lx-snippet-card__lines">
        {snippet.messages.slice(0, 3).map((m, i) => (
          <p key={i} className={`lx-snippet-card__line lx-snippet-card__line--${m.role}`}>
            <span className="lx-snippet-card__who">
              {m.role === 'user' ? t('snippetCard.me') : (snippet.bot?.name ?? t('snippetCard.bot'))}：
            </span>
            {plainText(m.content)}
          </p>
        ))}
      </div>
    </button>
  );
}
