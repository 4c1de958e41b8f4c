import { DotLoading, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNavBar } from '../../../components/page-nav-bar';
import { RequireLogin } from '../../../components/require-login';
import { useNavigateSafe } from '../../../lib/navigation';
import { useKnowledgeBase } from '../api/get-knowledge-base';
import { useKnowledgeLimits } from '../api/get-knowledge-bases';
import { DocumentsPanel } from '../components/documents-panel';
import { HitTestPanel } from '../components/hit-test-panel';
import { KnowledgeHeader } from '../components/knowledge-header';
import { MissingBase } from '../components/missing-base';
import { parseId } from '../components/parse-id';
import '../components/knowledge-detail.css';

type Tab = 'documents' | 'hit';

function KnowledgeDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const base = useKnowledgeBase(id);
  // The limits come with the list (usually cached from the page before).
  const limits = useKnowledgeLimits().data;
  const [tab, setTab] = useState<Tab>('documents');
  if (base.isError) return <MissingBase />;
  if (!base.data) {
    return (
      <div className="lx-kb-detail__loading" role="status">
        <DotLoading color="primary" />
      </div>
    );
  }
  const data = base.data;
  const ready = data.document_count - data.processing_count > 0 && data.passage_count > 0;
  return (
    <main className="lx-kb-detail__body">
      <KnowledgeHeader base={data} onEdit={() => nav.push(`/knowledge-store/edit?id=${id}`)} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        className="lx-kb-detail__tabs"
        data-testid="knowledge-tabs"
      >
        <Tabs.Tab title={t('knowledge.detail.tabs.documents')} key="documents" />
        <Tabs.Tab title={t('knowledge.detail.tabs.hitTest')} key="hit" />
      </Tabs>
      {/* Both stay mounted: uploads keep going and the last test stays while the user switches tabs. */}
      <div hidden={tab !== 'documents'}>
        <DocumentsPanel baseId={id} maxDocumentBytes={limits?.max_document_bytes} />
      </div>
      <div hidden={tab !== 'hit'}>
        <HitTestPanel baseId={id} hasReady={ready} />
      </div>
    </main>
  );
}

/** /knowledge-store/detail?id=: a base's documents (upload, paste, status, re-process, delete) and its hit test. */
export default function KnowledgeDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  return (
    <RequireLogin>
      <div className="lx-page lx-kb-detail" data-testid="knowledge-detail-page">
        <PageNavBar title={t('titles.knowledgeDetail')} backFallback="/knowledge-store" />
        {typeof id === 'number' ? <KnowledgeDetail key={id} id={id} /> : <MissingBase />}
      </div>
    </RequireLogin>
  );
}
