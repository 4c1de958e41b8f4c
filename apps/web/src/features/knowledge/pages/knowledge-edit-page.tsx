import { DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNavBar } from '../../../components/page-nav-bar';
import { RequireLogin } from '../../../components/require-login';
import { useKnowledgeBase } from '../api/get-knowledge-base';
import {
  emptyKnowledgeValues,
  KnowledgeEditor,
  valuesFromBase,
  type KnowledgeFormValues,
} from '../components/knowledge-editor';
import { MissingBase } from '../components/missing-base';
import { parseId } from '../components/parse-id';
import './knowledge-edit-page.css';

function ExistingBase({ id }: { id: number }) {
  const query = useKnowledgeBase(id);
  const [initial, setInitial] = useState<KnowledgeFormValues | null>(null);
  if (query.data && initial === null) setInitial(valuesFromBase(query.data));
  if (query.isError) return <MissingBase />;
  if (!query.data || !initial) {
    return (
      <div className="lx-kb-edit__loading" role="status">
        <DotLoading color="primary" />
      </div>
    );
  }
  return <KnowledgeEditor base={query.data} initial={initial} />;
}

/** /knowledge-store/edit creates a base; ?id=<id> edits one of the user's own. */
export default function KnowledgeEditPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  return (
    <RequireLogin>
      <div className="lx-page lx-kb-edit" data-testid="knowledge-edit-page">
        <PageNavBar
          title={t(id === null ? 'titles.knowledgeEdit' : 'titles.knowledgeEditExisting')}
          backFallback="/knowledge-store"
        />
        {id === 'invalid' ? (
          <MissingBase />
        ) : id === null ? (
          <KnowledgeEditor base={null} initial={emptyKnowledgeValues()} />
        ) : (
          <ExistingBase key={id} id={id} />
        )}
      </div>
    </RequireLogin>
  );
}
