import type { BotSummary } from '@lingxi/contract';
import { InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BotCard } from '../../../components/bot-card';
import './bot-list.css';

interface BotListProps {
  bots: readonly BotSummary[];
  loading: boolean;
  hasMore: boolean;
  loadMore: () => Promise<void>;
  onOpen: (bot: BotSummary) => void;
  empty: ReactNode;
  /** Wraps each card, e.g. in a swipe action. */
  renderItem?: (bot: BotSummary, card: ReactNode) => ReactNode;
}

/** Bot cards with skeletons while the first page loads and infinite scroll for the rest. */
export function BotList({ bots, loading, hasMore, loadMore, onOpen, empty, renderItem }: BotListProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="lx-bot-list" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="lx-bot-list__skeleton lx-card">
            <Skeleton animated className="lx-bot-list__skeleton-avatar" />
            <div className="lx-bot-list__skeleton-lines">
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (bots.length === 0) return <>{empty}</>;
  return (
    <div className="lx-bot-list" data-testid="bot-list">
      {bots.map((bot) => {
        const card = <BotCard bot={bot} onOpen={onOpen} />;
        return <div key={bot.id}>{renderItem ? renderItem(bot, card) : card}</div>;
      })}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {(more, failed, retry) =>
          failed ? (
            <button type="button" className="lx-bot-list__retry" onClick={() => void retry()}>
              {t('list.retry')}
            </button>
          ) : (
            <span className="lx-bot-list__end">{more ? t('common.loading') : t('list.noMore')}</span>
          )
        }
      </InfiniteScroll>
    </div>
  );
}
