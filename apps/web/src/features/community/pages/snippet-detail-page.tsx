import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { BrokenLinkIllustration } from '../../../components/illustrations';
import { LoadErrorState } from '../../../components/load-error-state';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { SnippetTranscript } from '../../../components/snippet-transcript';
import { isApiError } from '../../../lib/api-error';
import { confirmDangerThen } from '../../../lib/confirm-danger';
import { useNavigateSafe } from '../../../lib/navigation';
import { useDeleteSnippet } from '../api/delete-snippet';
import { useSnippet } from '../api/get-snippet';
import './snippet-detail-page.css';
import { useFormat } from '../../../lib/format';

function SnippetDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const nav = useNavigateSafe();
  const query = useSnippet(id);
  const remove = useDeleteSnippet();
  const valid = Number.isInteger(id) && id > 0;

  // Answered with an error (not found, not theirs): gone for this user; a failed network gets a retry.
  if (!valid || (query.isError && isApiError(query.error) && query.error.kind === 'business')) {
    return (
      <EmptyState
        illustration={<BrokenLinkIllustration size={160} />}
        title={t('snippets.goneTitle')}
        text={t('snippets.goneText')}
        action={
          <Button
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() => void nav.replace('/user/my-snippet')}
          >
            {t('snippets.toList')}
          </Button>
        }
      />
    );
  }
  if (query.isError) return <LoadErrorState error={query.error} onRetry={() => void query.refetch()} card />;
  const snippet = query.data;
  if (!snippet)
    return (
      <div className="lx-snippet-detail__loading" role="status">
        <DotLoading color="primary" />
      </div>
    );

  const onDelete = async () => {
    const done = await confirmDangerThen(
      {
        title: t('snippets.deleteTitle'),
        content: t('snippets.deleteConfirm'),
        confirmText: t('snippets.delete'),
        done: t('snippets.deleted'),
      },
      () => remove.mutateAsync(snippet.id),
    );
    if (done) nav.back('/user/my-snippet');
  };

  return (
    <>
      <div className="lx-snippet-detail lx-card" data-testid="snippet-detail">
        <SnippetTranscript snippet={snippet} />
        <div className="lx-snippet-detail__meta">
          {t('snippets.meta', {
            count: snippet.message_count,
            date: format.dateTime(snippet.created_at),
          })}
        </div>
      </div>
      <div className="lx-snippet-detail__bar lx-fixed-in-frame">
        <Button
          shape="rounded"
          className="lx-snippet-detail__delete"
          loading={remove.isPending}
          onClick={() => void onDelete()}
          data-testid="snippet-delete"
        >
          {t('snippets.delete')}
        </Button>
        <Button
          shape="rounded"
          color="primary"
          className="lx-primary-button lx-snippet-detail__share"
          onClick={() => void nav.push(`/post/release?snippet=${snippet.id}`)}
          data-testid="snippet-share"
        >
          {t('snippets.share')}
        </Button>
      </div>
    </>
  );
}

/**
 * /post/detail?snippet={id} (the post detail page hands over to it): one of the user's snippets read in full,
 * with 分享到社区 and 删除. Another user's snippet, or one that is gone, is a plain "not found".
 */
export default function SnippetDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('snippet'));
  return (
    <RequireLogin>
      <Page
        title={t('snippets.detailTitle')}
        backFallback="/user/my-snippet"
        bodyClassName="lx-snippet-detail-page"
      >
        <SnippetDetail id={id} />
      </Page>
    </RequireLogin>
  );
}
