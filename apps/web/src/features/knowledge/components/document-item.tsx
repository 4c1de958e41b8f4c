import type { KnowledgeDocument } from '@lingxi/contract';
import { MoreOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentStatusTag } from './document-status';
import { FileIcon } from './file-icon';
import { documentKind, formatBytes } from './format';

export type DocumentAction = 'menu' | 'reprocess';

interface DocumentItemProps {
  doc: KnowledgeDocument;
  added: string;
  onAction: (doc: KnowledgeDocument, action: DocumentAction) => void;
}

/** One document: type, name, size, what was read from it, its status, and why it failed. */
export const DocumentItem = memo(function DocumentItem({ doc, added, onAction }: DocumentItemProps) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const facts = [formatBytes(doc.bytes)];
  if (doc.status === 'ready') {
    facts.push(t('knowledge.doc.chars', { count: doc.chars, formatted: number(doc.chars) }));
    facts.push(
      t('knowledge.doc.passages', { count: doc.passage_count, formatted: number(doc.passage_count) }),
    );
  } else {
    facts.push(added);
  }
  return (
    <li className="lx-doc" data-testid="doc-item" data-doc-id={doc.id} data-status={doc.status}>
      <FileIcon kind={documentKind(doc)} />
      <div className="lx-doc__body">
        <div className="lx-doc__head">
          <span className="lx-doc__name">{doc.name}</span>
        </div>
        <div className="lx-doc__meta">
          <DocumentStatusTag status={doc.status} />
          <span className="lx-doc__facts">{facts.join(' · ')}</span>
        </div>
        {doc.status === 'failed' ? (
          <div className="lx-doc__reason" role="alert" data-testid="doc-error">
            <span>
              {t('knowledge.doc.failedReason', { reason: doc.error || t('knowledge.doc.unknownError') })}
            </span>
            <button
              type="button"
              className="lx-doc__link"
              onClick={() => onAction(doc, 'reprocess')}
              data-testid="doc-retry"
            >
              {t('knowledge.doc.reprocess')}
            </button>
          </div>
        ) : doc.error ? (
          <div className="lx-doc__note">{doc.error}</div>
        ) : null}
      </div>
      <button
        type="button"
        className="lx-icon-button lx-doc__more"
        onClick={() => onAction(doc, 'menu')}
        aria-label={t('knowledge.doc.more', { name: doc.name })}
        data-testid="doc-more"
      >
        <MoreOutline />
      </button>
    </li>
  );
});
