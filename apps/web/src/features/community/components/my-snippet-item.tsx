import type { Snippet } from '@lingxi/contract';
import { MoreOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SnippetCard } from '../../../components/snippet-card';
import './my-snippet-item.css';

interface MySnippetItemProps {
  snippet: Snippet;
  /** When it was saved, as the list shows times. */
  time: string;
  onOpen: (snippet: Snippet) => void;
  onMore: (snippet: Snippet) => void;
}

/** One of 我的片段: its card (tap to read), the note, when it was saved, and ··· for what can be done. */
export const MySnippetItem = memo(function MySnippetItem({
  snippet,
  time,
  onOpen,
  onMore,
}: MySnippetItemProps) {
  const { t } = useTranslation();
  return (
    <article className="lx-my-snippet lx-card" data-testid="my-snippet" data-snippet-id={snippet.id}>
      <SnippetCard snippet={snippet} onOpen={() => onOpen(snippet)} />
      {snippet.note ? <p className="lx-my-snippet__note">{snippet.note}</p> : null}
      <div className="lx-my-snippet__foot">
        <time className="lx-my-snippet__time" dateTime={snippet.created_at}>
          {t('snippets.savedAt', { when: time })}
        </time>
        <button
          type="button"
          className="lx-icon-button"
          aria-label={t('snippets.more')}
          onClick={() => onMore(snippet)}
          data-testid="my-snippet-more"
        >
          <MoreOutline />
        </button>
      </div>
    </article>
  );
});
