import { HIT_TEST_QUERY_MAX, type HitTestResult, type RetrievedPassage } from '@lingxi/contract';
import { Button, TextArea } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHitTest } from '../api/hit-test';
import { Highlight } from './highlight';
import './hit-test-panel.css';

/** Passages longer than this start folded. */
const FOLD_CHARS = 160;

function PassageCard({ passage, rank, query }: { passage: RetrievedPassage; rank: number; query: string }) {
  const { t } = useTranslation();
  const long = passage.content.length > FOLD_CHARS;
  const [open, setOpen] = useState(!long);
  // Each ranking's own score, when two were fused (with one ranking the fused score says it all).
  const fused = passage.lexical_score !== null && passage.vector_score !== null;
  const extra = fused
    ? [
        t('knowledge.hit.lexical', { score: passage.lexical_score!.toFixed(2) }),
        t('knowledge.hit.vector', { score: passage.vector_score!.toFixed(3) }),
      ]
    : [];
  return (
    <li className="lx-hit" data-testid="hit-passage">
      <div className="lx-hit__head">
        <span className="lx-hit__rank">{rank}</span>
        <span className="lx-hit__doc">{passage.document}</span>
        <span className="lx-hit__score" data-testid="hit-score">
          {t('knowledge.hit.score', { score: passage.score.toFixed(4) })}
        </span>
      </div>
      {passage.heading ? <div className="lx-hit__heading">{passage.heading}</div> : null}
      <div className={`lx-hit__content${open ? '' : ' lx-hit__content--folded'}`}>
        <Highlight text={passage.content} query={query} />
      </div>
      <div className="lx-hit__foot">
        <span className="lx-hit__extra">{extra.join(' · ')}</span>
        {long ? (
          <button type="button" className="lx-hit__toggle" onClick={() => setOpen((o) => !o)}>
            {t(open ? 'knowledge.hit.collapse' : 'knowledge.hit.expand')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** 命中测试: ask a question, see which passages the base gives back, from which document, with what score. */
export function HitTestPanel({ baseId, hasReady }: { baseId: number; hasReady: boolean }) {
  const { t } = useTranslation();
  const test = useHitTest();
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ query: string; data: HitTestResult } | null>(null);
  const trimmed = query.trim();

  const run = () => {
    if (!trimmed || test.isPending) return;
    const asked = trimmed;
    test.mutate(
      { baseId, body: { query: asked, top_k: 5 } },
      { onSuccess: (data) => setResult({ query: asked, data }) },
    );
  };

  return (
    <div className="lx-kb-hit" data-testid="hit-test">
      <div className="lx-kb-hit__box lx-card">
        <div className="lx-textarea-box">
          <TextArea
            value={query}
            onChange={setQuery}
            maxLength={HIT_TEST_QUERY_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('knowledge.hit.placeholder')}
            aria-label={t('knowledge.hit.label')}
            onEnterPress={(event) => {
              if (event.nativeEvent.isComposing) return;
              event.preventDefault();
              run();
            }}
            data-testid="hit-input"
          />
        </div>
        <div className="lx-kb-hit__row">
          <span className="lx-kb-hit__hint">
            {hasReady ? t('knowledge.hit.hint') : t('knowledge.hit.noReady')}
          </span>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            disabled={!trimmed}
            loading={test.isPending}
            onClick={run}
            data-testid="hit-submit"
          >
            <SearchOutline /> {t('knowledge.hit.submit')}
          </Button>
        </div>
      </div>
      {result ? (
        <section className="lx-kb-hit__result" aria-live="polite">
          <div className="lx-kb-hit__summary" data-testid="hit-summary">
            <span className={`lx-kb-hit__mode lx-kb-hit__mode--${result.data.mode}`}>
              {t(`knowledge.hit.mode.${result.data.mode}`)}
            </span>
            <span>
              {t('knowledge.hit.summary', {
                count: result.data.list.length,
                ms: Math.round(result.data.took_ms),
              })}
            </span>
          </div>
          {result.data.list.length === 0 ? (
            <div className="lx-kb-hit__empty lx-card" data-testid="hit-empty">
              {t('knowledge.hit.empty')}
            </div>
          ) : (
            <ol className="lx-kb-hit__list">
              {result.data.list.map((passage, i) => (
                <PassageCard
                  key={`${result.query}:${passage.passage_id}`}
                  passage={passage}
                  rank={i + 1}
                  query={result.query}
                />
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </div>
  );
}
