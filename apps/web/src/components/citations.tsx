import type { Citation } from '@lingxi/contract';
import { Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetHeader } from './sheet-header';
import './citations.css';

function BookIcon() {
  return (
    <svg viewBox="0 0 16 16" width="13" height="13" aria-hidden="true">
      <path d="M2 3.2c1.9-.8 3.9-.6 6 .8v9.2c-2.1-1.4-4.1-1.6-6-.8z" fill="currentColor" opacity="0.9" />
      <path d="M14 3.2c-1.9-.8-3.9-.6-6 .8v9.2c2.1-1.4 4.1-1.6 6-.8z" fill="currentColor" opacity="0.55" />
    </svg>
  );
}

/** Under a reply that used knowledge: "参考资料 N"; tapping opens the passages. */
export function CitationsRow({ citations, onOpen }: { citations: Citation[]; onOpen: () => void }) {
  const { t } = useTranslation();
  const documents = [...new Set(citations.map((c) => c.document))];
  return (
    <button type="button" className="lx-citations-row" onClick={onOpen} data-testid="citations-row">
      <BookIcon />
      <span className="lx-citations-row__label">{t('chat.citations.row', { count: citations.length })}</span>
      <span className="lx-citations-row__docs">{documents.join('、')}</span>
      <RightOutline className="lx-citations-row__arrow" />
    </button>
  );
}

interface CitationsSheetProps {
  citations: Citation[];
  /** Open, with this citation brought into view (0: from the top); null: closed. */
  focus: number | null;
  onClose: () => void;
}

/** Every passage a reply cited: [n] document · heading, the passage, its score. */
export function CitationsSheet({ citations, focus, onClose }: CitationsSheetProps) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    // After the sheet has laid out: bring the tapped citation into view.
    const frame = requestAnimationFrame(() => {
      bodyRef.current
        ?.querySelector(`[data-index="${focus}"]`)
        ?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [focus]);
  return (
    <Popup visible={focus !== null} onClose={onClose} bodyClassName="lx-citations" destroyOnClose>
      <SheetHeader title={t('chat.citations.title')} onClose={onClose} />
      <div className="lx-citations__body" ref={bodyRef} data-testid="citations-sheet">
        <ol className="lx-citations__list">
          {citations.map((c) => (
            <li
              key={c.index}
              className={`lx-citation${c.index === focus ? ' lx-citation--focus' : ''}`}
              data-index={c.index}
              data-testid="citation"
            >
              <div className="lx-citation__head">
                <span className="lx-citation__index">{c.index}</span>
                <span className="lx-citation__source">
                  <span className="lx-citation__doc">{c.document}</span>
                  {c.heading ? <span className="lx-citation__heading"> · {c.heading}</span> : null}
                </span>
              </div>
              <p className="lx-citation__passage">{c.passage}</p>
              <div className="lx-citation__score">
                {t('chat.citations.score', { score: c.score.toFixed(3) })}
              </div>
            </li>
          ))}
        </ol>
        <div className="lx-citations__note">{t('chat.citations.note')}</div>
      </div>
    </Popup>
  );
}

/**
 * The citations of one reply (a chat message, or the bot editor's preview): the props that turn its markdown's
 * [n] markers into buttons, and the "参考资料 N" row with its sheet, to go under the reply (null without citations).
 */
export function useReplyCitations(citations: Citation[]) {
  // The sheet: null closed, 0 open at the top, n open at citation n.
  const [focus, setFocus] = useState<number | null>(null);
  const openAt = useCallback((index: number) => setFocus(index), []);
  const cited = citations.length > 0;
  return {
    markers: {
      citationCount: citations.reduce((max, c) => Math.max(max, c.index), 0),
      onOpenCitation: cited ? openAt : undefined,
    },
    row: cited ? (
      <>
        <CitationsRow citations={citations} onOpen={() => setFocus(0)} />
        <CitationsSheet citations={citations} focus={focus} onClose={() => setFocus(null)} />
      </>
    ) : null,
  };
}
