import type { KnowledgeBase } from '@lingxi/contract';
import { ActionSheet, Button, Dialog, Skeleton } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorState } from '../../../components/load-error-state';
import { confirmDangerThen } from '../../../lib/confirm-danger';
import { FloatingAddButton } from '../../../components/floating-add-button';
import { Page } from '../../../components/page';
import { PullToRefresh } from '../../../components/pull-to-refresh';
import { RequireLogin } from '../../../components/require-login';
import { useNavigateSafe } from '../../../lib/navigation';
import { useRelativeTime } from '../../../lib/relative-time';
import { useDeleteKnowledgeBase } from '../api/delete-knowledge-base';
import { useKnowledgeBases } from '../api/get-knowledge-bases';
import { KnowledgeCard, type KnowledgeAction } from '../components/knowledge-card';
import { KnowledgeIllustration } from '../components/knowledge-illustration';
import { UsageLine } from '../components/usage-line';
import './knowledge-store-page.css';

const MEMBER_CENTER = '/member-center';

function KnowledgeStore() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const relative = useRelativeTime();
  const query = useKnowledgeBases();
  const remove = useDeleteKnowledgeBase();
  const [menuFor, setMenuFor] = useState<KnowledgeBase | null>(null);
  const data = query.data;

  const create = useCallback(async () => {
    if (data && data.usage.bases >= data.limits.max_bases) {
      const vip = data.limits.vip;
      const goVip = await Dialog.confirm({
        title: t('knowledge.limitTitle'),
        content: t(vip ? 'knowledge.limitText' : 'knowledge.limitTextVip', { max: data.limits.max_bases }),
        confirmText: vip ? t('knowledge.ok') : t('knowledge.goVip'),
        cancelText: t('common.cancel'),
      });
      if (goVip && !vip) nav.push(MEMBER_CENTER);
      return;
    }
    nav.push('/knowledge-store/edit');
  }, [data, nav, t]);

  const confirmDelete = useCallback(
    async (base: KnowledgeBase) => {
      await confirmDangerThen(
        {
          title: t('knowledge.deleteTitle', { name: base.name }),
          content: t('knowledge.deleteConfirm'),
          confirmText: t('knowledge.delete'),
          done: t('knowledge.deleted'),
        },
        () => remove.mutateAsync(base.id),
      );
    },
    [remove, t],
  );

  const onAction = useCallback(
    (base: KnowledgeBase, action: KnowledgeAction) => {
      if (action === 'open') nav.push(`/knowledge-store/detail?id=${base.id}`);
      else if (action === 'menu') setMenuFor(base);
      else void confirmDelete(base);
    },
    [nav, confirmDelete],
  );

  let body;
  if (query.isPending) {
    body = (
      <div className="lx-kb-store__list" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="lx-kb-card lx-kb-card--skeleton">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  } else if (query.isError || !data) {
    body = <LoadErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (data.list.length === 0) {
    body = (
      <EmptyState
        illustration={<KnowledgeIllustration />}
        title={t('knowledge.emptyTitle')}
        text={t('knowledge.emptyText')}
        action={
          <Button
            shape="rounded"
            color="primary"
            className="lx-primary-button lx-kb-store__empty-create"
            onClick={() => void create()}
            data-testid="knowledge-empty-create"
          >
            {t('knowledge.create')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="lx-kb-store__list" data-testid="knowledge-list">
        {data.list.map((base) => (
          <KnowledgeCard key={base.id} base={base} updated={relative(base.updated_at)} onAction={onAction} />
        ))}
      </div>
    );
  }

  return (
    <>
      <PullToRefresh onRefresh={() => query.refetch()}>
        {data ? <UsageLine data={data} onVip={() => nav.push(MEMBER_CENTER)} /> : null}
        {body}
      </PullToRefresh>
      {data && data.list.length > 0 ? (
        <FloatingAddButton
          label={t('knowledge.create')}
          onClick={() => void create()}
          testId="knowledge-create"
        />
      ) : null}
      <ActionSheet
        visible={menuFor !== null}
        onClose={() => setMenuFor(null)}
        cancelText={t('common.cancel')}
        extra={menuFor?.name}
        actions={[
          { key: 'open', text: t('knowledge.open') },
          { key: 'edit', text: t('knowledge.edit') },
          { key: 'delete', text: t('knowledge.delete'), danger: true },
        ]}
        onAction={(action) => {
          const base = menuFor;
          setMenuFor(null);
          if (!base) return;
          if (action.key === 'open') nav.push(`/knowledge-store/detail?id=${base.id}`);
          else if (action.key === 'edit') nav.push(`/knowledge-store/edit?id=${base.id}`);
          else void confirmDelete(base);
        }}
      />
    </>
  );
}

/** /knowledge-store: the user's knowledge bases with usage against the limits; create, open, edit, delete. */
export default function KnowledgeStorePage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.knowledgeStore')} backFallback="/user" bodyClassName="lx-kb-store">
        <KnowledgeStore />
      </Page>
    </RequireLogin>
  );
}
