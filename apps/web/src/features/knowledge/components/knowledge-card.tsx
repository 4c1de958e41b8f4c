import type { KnowledgeBase } from '@lingxi/contract';
import { SpinLoading, SwipeAction } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format';
import { KnowledgeCover } from './knowledge-cover';
import { useLongPress } from '../../../lib/use-long-press';
import './knowledge-card.css';

export type KnowledgeAction = 'open' | 'menu' | 'delete';

interface KnowledgeCardProps {
  base: KnowledgeBase;
  updated: string;
  onAction: (base: KnowledgeBase, action: KnowledgeAction) => void;
}

/** One knowledge base: cover, name, description, documents, size and when it changed; swipe to delete. */
export const KnowledgeCard = memo(function KnowledgeCard({ base, updated, onAction }: KnowledgeCardProps) {
  const { t } = useTranslation();
  const press = useLongPress(() => onAction(base, 'menu'), { contextMenu: true });
  return (
    <SwipeAction
      className="lx-kb-card__swipe"
      rightActions={[
        {
          key: 'delete',
          text: t('knowledge.delete'),
          color: 'danger',
          onClick: () => onAction(base, 'delete'),
        },
      ]}
    >
      <article className="lx-kb-card" data-testid="knowledge-card" data-base-id={base.id} {...press}>
        <button
          type="button"
          className="lx-kb-card__open"
          onClick={() => onAction(base, 'open')}
          aria-label={base.name}
        />
        <KnowledgeCover cover={base.cover} seed={base.id} size={60} className="lx-kb-card__cover" />
        <div className="lx-kb-card__body">
          <div className="lx-kb-card__head">
            <span className="lx-kb-card__name">{base.name}</span>
            {base.processing_count > 0 ? (
              <span className="lx-kb-badge" data-testid="processing-badge" role="status">
                <SpinLoading style={{ '--size': '11px', '--color': 'currentColor' }} />
                {t('knowledge.processing', { count: base.processing_count })}
              </span>
            ) : null}
          </div>
          <div className="lx-kb-card__desc">{base.description || t('knowledge.noDescription')}</div>
          <div className="lx-kb-card__meta">
            <span>{t('knowledge.docCount', { count: base.document_count })}</span>
            <span aria-hidden="true">·</span>
            <span>{formatBytes(base.bytes)}</span>
            <span aria-hidden="true">·</span>
            <span className="lx-kb-card__time">{t('knowledge.updated', { when: updated })}</span>
          </div>
        </div>
        <button
          type="button"
          className="lx-icon-button lx-kb-card__more"
          onClick={() => onAction(base, 'menu')}
          aria-label={t('knowledge.more')}
          data-testid="knowledge-more"
        >
          <MoreOutline />
        </button>
      </article>
    </SwipeAction>
  );
});
