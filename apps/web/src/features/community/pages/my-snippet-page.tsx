import type { Snippet } from '@lingxi/contract';
import { ActionSheet, Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { EmptyChatIllustration } from '../../../components/illustrations';
import { Page } from '../../../components/page';
import { QueryList } from '../../../components/query-list';
import { RequireLogin } from '../../../components/require-login';
import { confirmDangerThen } from '../../../lib/confirm-danger';
import { useNavigateSafe } from '../../../lib/navigation';
import { useRelativeTime } from '../../../lib/relative-time';
import { useDeleteSnippet } from '../api/delete-snippet';
import { useSnippets } from '../api/get-snippets';
import { MySnippetItem } from '../components/my-snippet-item';
import { SnippetEditDialog, type SnippetField } from '../components/snippet-edit-dialog';
import './my-snippet-page.css';

function MySnippets() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const relative = useRelativeTime();
  const query = useSnippets();
  const remove = useDeleteSnippet();
  const [menuFor, setMenuFor] = useState<Snippet | null>(null);
  const [editing, setEditing] = useState<{ snippet: Snippet; field: SnippetField } | null>(null);

  const onOpen = useCallback((s: Snippet) => nav.push(`/post/detail?snippet=${s.id}`), [nav]);
  const onMore = useCallback((s: Snippet) => setMenuFor(s), []);

  const onAction = (key: string | number, snippet: Snippet) => {
    setMenuFor(null);
    if (key === 'rename') setEditing({ snippet, field: 'title' });
    else if (key === 'note') setEditing({ snippet, field: 'note' });
    else if (key === 'share') nav.push(`/post/release?snippet=${snippet.id}`);
    else if (key === 'delete')
      void confirmDangerThen(
        {
          title: t('snippets.deleteTitle'),
          content: t('snippets.deleteConfirm'),
          confirmText: t('snippets.delete'),
          done: t('snippets.deleted'),
        },
        () => remove.mutateAsync(snippet.id),
      );
  };

  return (
    <>
      <QueryList
        query={query}
        className="lx-my-snippets__list"
        errorCard
        empty={
          <EmptyState
            illustration={<EmptyChatIllustration size={160} />}
            title={t('snippets.emptyTitle')}
            text={t('snippets.emptyText')}
            action={
              <Button
                shape="rounded"
                color="primary"
                className="lx-primary-button lx-my-snippets__go"
                onClick={() => void nav.switchTab('/')}
              >
                {t('snippets.goChat')}
              </Button>
            }
          />
        }
        row={(snippet) => (
          <MySnippetItem
            key={snippet.id}
            snippet={snippet}
            time={relative(snippet.created_at)}
            onOpen={onOpen}
            onMore={onMore}
          />
        )}
      />
      <ActionSheet
        visible={menuFor !== null}
        onClose={() => setMenuFor(null)}
        cancelText={t('common.cancel')}
        actions={[
          { key: 'rename', text: t('snippets.rename') },
          { key: 'note', text: t('snippets.editNote') },
          { key: 'share', text: t('snippets.share') },
          { key: 'delete', text: t('snippets.delete'), danger: true },
        ]}
        onAction={(action) => menuFor && onAction(action.key, menuFor)}
      />
      {editing ? (
        <SnippetEditDialog
          key={`${editing.snippet.id}:${editing.field}`}
          snippet={editing.snippet}
          field={editing.field}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

/** /user/my-snippet: the snippets saved from chats; read, rename, note, share to the community, delete. */
export default function MySnippetPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.mySnippet')} backFallback="/user" bodyClassName="lx-my-snippets">
        <MySnippets />
      </Page>
    </RequireLogin>
  );
}
