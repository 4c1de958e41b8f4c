import type { ContentSlug } from '@lingxi/contract';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useContent } from '../api/get-content';
import { MarkdownView } from './markdown-view';
import './content-view.css';
import { useFormat } from '../../../lib/format';

/**
 * One operator-editable page: its last update and Markdown body. Its title is in the nav bar; the operator's is
 * shown above the text only when it says something else.
 */
export function ContentView({ slug, barTitle }: { slug: ContentSlug; barTitle: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending, isError, refetch } = useContent(slug);

  if (isPending) {
    return (
      <article className="lx-content lx-card" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </article>
    );
  }
  if (isError) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('content.loadFailed')}
        description={t('content.loadFailedText')}
      >
        <Button shape="rounded" color="primary" onClick={() => void refetch()}>
          {t('pageLoad.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  return (
    <article className="lx-content lx-card">
      {data.title.trim() && data.title.trim() !== barTitle ? (
        <h1 className="lx-content__title">{data.title}</h1>
      ) : null}
      <div className="lx-content__meta">{t('content.updatedAt', { date: format.date(data.updated_at) })}</div>
      <MarkdownView source={data.body} />
    </article>
  );
}
