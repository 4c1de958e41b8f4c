import type { KnowledgeBase } from '@lingxi/contract';
import { EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format';
import { KnowledgeCover } from './knowledge-cover';

interface KnowledgeHeaderProps {
  base: KnowledgeBase;
  onEdit: () => void;
}

/** The base at the top of its page: cover, name, description, counts, and a way to edit it. */
export function KnowledgeHeader({ base, onEdit }: KnowledgeHeaderProps) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <section className="lx-kb-head lx-card" data-testid="knowledge-header">
      <div className="lx-kb-head__main">
        <KnowledgeCover cover={base.cover} seed={base.id} size={64} />
        <div className="lx-kb-head__body">
          <h1 className="lx-kb-head__name">{base.name}</h1>
          <p className="lx-kb-head__desc">{base.description || t('knowledge.noDescription')}</p>
        </div>
        <button
          type="button"
          className="lx-kb-head__edit"
          onClick={onEdit}
          aria-label={t('knowledge.detail.edit')}
          data-testid="knowledge-edit"
        >
          <EditSOutline />
        </button>
      </div>
      <dl className="lx-kb-head__stats">
        <div>
          <dt>{t('knowledge.detail.documents')}</dt>
          <dd data-testid="stat-documents">{number(base.document_count)}</dd>
        </div>
        <div>
          <dt>{t('knowledge.detail.passages')}</dt>
          <dd data-testid="stat-passages">{number(base.passage_count)}</dd>
        </div>
        <div>
          <dt>{t('knowledge.detail.size')}</dt>
          <dd>{formatBytes(base.bytes)}</dd>
        </div>
      </dl>
    </section>
  );
}
