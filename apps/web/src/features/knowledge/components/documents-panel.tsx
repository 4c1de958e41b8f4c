import type { KnowledgeDocument } from '@lingxi/contract';
import { ActionSheet, Skeleton, Toast } from 'antd-mobile';
import { EditSOutline, UploadOutline } from 'antd-mobile-icons';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorState } from '../../../components/load-error-state';
import { confirmDangerThen } from '../../../lib/confirm-danger';
import { QueryInfiniteScroll } from '../../../components/query-infinite-scroll';
import { useRelativeTime } from '../../../lib/relative-time';
import { useDeleteDocument } from '../api/delete-document';
import { useDocuments } from '../api/get-documents';
import { useReprocessDocument } from '../api/reprocess-document';
import { DocumentItem, type DocumentAction } from './document-item';
import { DOCUMENT_ACCEPT, formatBytes } from './format';
import { KnowledgeIllustration } from './knowledge-illustration';
import { PasteTextPopup } from './paste-text-popup';
import { UploadList } from './upload-list';
import { useDocumentUploads } from './use-document-uploads';

interface DocumentsPanelProps {
  baseId: number;
  /** The largest file the user may add (from the limits), when known. */
  maxDocumentBytes?: number;
}

/** Upload files (several at once) or paste text; the documents with their status, re-process, delete. */
export function DocumentsPanel({ baseId, maxDocumentBytes }: DocumentsPanelProps) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const query = useDocuments(baseId);
  const uploads = useDocumentUploads(baseId, maxDocumentBytes);
  const remove = useDeleteDocument();
  const reprocess = useReprocessDocument();
  const fileRef = useRef<HTMLInputElement>(null);
  const [pasting, setPasting] = useState(false);
  const [menuFor, setMenuFor] = useState<KnowledgeDocument | null>(null);
  const list = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);

  const doReprocess = useCallback(
    async (doc: KnowledgeDocument) => {
      const done = await reprocess.mutateAsync({ baseId, docId: doc.id }).catch(() => null);
      if (done) Toast.show({ icon: 'success', content: t('knowledge.doc.reprocessed') });
    },
    [baseId, reprocess, t],
  );

  const doDelete = useCallback(
    async (doc: KnowledgeDocument) => {
      await confirmDangerThen(
        {
          title: t('knowledge.doc.deleteTitle', { name: doc.name }),
          content: t('knowledge.doc.deleteConfirm'),
          confirmText: t('knowledge.doc.delete'),
          done: t('knowledge.doc.deleted'),
        },
        () => remove.mutateAsync({ baseId, docId: doc.id }),
      );
    },
    [baseId, remove, t],
  );

  const onAction = useCallback(
    (doc: KnowledgeDocument, action: DocumentAction) => {
      if (action === 'menu') setMenuFor(doc);
      else void doReprocess(doc);
    },
    [doReprocess],
  );

  const maxSize = formatBytes(maxDocumentBytes ?? 20 * 1024 * 1024);
  let body;
  if (query.isPending) {
    body = (
      <div className="lx-docs lx-card" aria-busy="true">
        {[0, 1].map((i) => (
          <div key={i} className="lx-doc">
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  } else if (query.isError) {
    body = <LoadErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (list.length === 0) {
    body =
      uploads.items.length > 0 ? null : (
        <EmptyState
          illustration={<KnowledgeIllustration size={140} />}
          title={t('knowledge.detail.docsEmptyTitle')}
          text={t('knowledge.detail.docsEmptyText')}
        />
      );
  } else {
    body = (
      <>
        <ul className="lx-docs lx-card" data-testid="doc-list">
          {list.map((doc) => (
            <DocumentItem key={doc.id} doc={doc} added={relative(doc.created_at)} onAction={onAction} />
          ))}
        </ul>
        <QueryInfiniteScroll query={query} />
      </>
    );
  }

  const canReprocess = menuFor?.status === 'failed' || menuFor?.status === 'ready';
  return (
    <div className="lx-kb-docs">
      <div className="lx-kb-docs__tools">
        <button
          type="button"
          className="lx-kb-tool lx-kb-tool--primary"
          onClick={() => fileRef.current?.click()}
          data-testid="doc-upload"
        >
          <UploadOutline />
          <span>{t('knowledge.detail.upload')}</span>
        </button>
        <button type="button" className="lx-kb-tool" onClick={() => setPasting(true)} data-testid="doc-paste">
          <EditSOutline />
          <span>{t('knowledge.detail.paste')}</span>
        </button>
      </div>
      <div className="lx-kb-docs__hint">{t('knowledge.detail.uploadHint', { size: maxSize })}</div>
      <input
        ref={fileRef}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) uploads.add(files);
        }}
        data-testid="doc-file"
      />
      <UploadList items={uploads.items} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
      {body}
      <PasteTextPopup baseId={baseId} visible={pasting} onClose={() => setPasting(false)} />
      <ActionSheet
        visible={menuFor !== null}
        onClose={() => setMenuFor(null)}
        cancelText={t('common.cancel')}
        extra={menuFor?.name}
        actions={[
          ...(canReprocess ? [{ key: 'reprocess', text: t('knowledge.doc.reprocess') }] : []),
          { key: 'delete', text: t('knowledge.doc.delete'), danger: true },
        ]}
        onAction={(action) => {
          const doc = menuFor;
          setMenuFor(null);
          if (!doc) return;
          if (action.key === 'reprocess') void doReprocess(doc);
          else void doDelete(doc);
        }}
      />
    </div>
  );
}
