import type { ContentSlug } from '@lingxi/contract';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useContent } from '../api/get-content';
import { MarkdownView } from './markdown-view';
import './content-view.css';

/** One operator-editable page: its title, last update and Markdown body. */
export function ContentView({ slug }: { slug: ContentSlug }) {
  const { t } = useTranslation();
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
      <h1 className="lx-content__title">{data.title}</h1>
      <div className="lx-content__meta">
        {t('content.updatedAt', { date: dayjs(data.updated_at).format('YYYY-MM-DD') })}
      </div>
      <MarkdownView source={data.body} />
    </article>
  );
}
