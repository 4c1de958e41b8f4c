import type { PostSnippet } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from './bot-avatar';
import { ReplyMarkdown } from './reply-markdown';
import './snippet-transcript.css';

/** A snippet read in full: its note, then the exchange as chat bubbles (the bot's replies as Markdown). */
export function SnippetTranscript({ snippet }: { snippet: PostSnippet }) {
  const { t } = useTranslation();
  return (
    <article className="lx-snippet-transcript">
      <h2 className="lx-snippet-transcript__title">{snippet.title}</h2>
      <div className="lx-snippet-transcript__bot">
        <BotAvatar src={snippet.bot?.avatar} size={24} />
        <span>{snippet.bot?.name ?? t('snippetCard.botGone')}</span>
      </div>
      {snippet.note && <p className="lx-snippet-transcript__note">{snippet.note}</p>}
      <div className="lx-snippet-transcript__messages">
        {snippet.messages.map((m, i) =>
          m.role === 'user' ? (
            <div key={i} className="lx-snippet-transcript__bubble lx-snippet-transcript__bubble--user">
              {m.content}
            </div>
          ) : (
            <div key={i} className="lx-snippet-transcript__bubble lx-snippet-transcript__bubble--assistant">
              <ReplyMarkdown source={m.content} />
            </div>
          ),
        )}
      </div>
    </article>
  );
}
