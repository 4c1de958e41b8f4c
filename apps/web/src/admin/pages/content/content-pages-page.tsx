import type { ContentSlug } from '@lingxi/contract';
import { App, Card, Empty, Skeleton, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatTime } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { useContentPage, useContentPages } from './content-api';
import { ContentEditor } from './content-editor';
import './content.css';
import { useTranslation } from 'react-i18next';

/** Content pages: the agreements, help centre, about us and update log the app shows, edited in Markdown. */
export default function ContentPagesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const pages = useContentPages();
  const list = pages.data?.list ?? [];
  const slug = (params.get('slug') as ContentSlug | null) ?? list[0]?.slug ?? null;
  const page = useContentPage(slug);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), []);

  const open = (next: ContentSlug) => {
    if (next === slug) return;
    const go = () => {
      setDirty(false);
      setParams({ slug: next }, { replace: true });
    };
    if (!dirty) return go();
    modal.confirm({
      title: t('content.common.discardTitle'),
      content: t('content.common.discardSwitch'),
      okText: t('content.common.discard'),
      okButtonProps: { danger: true },
      cancelText: t('content.common.keepEditing'),
      onOk: go,
    });
  };

  return (
    <>
      <PageHead title={t('content.pages.title')} description={t('content.pages.lead')} />
      <div className="cx-pages">
        <Card size="small" styles={{ body: { padding: 8 } }}>
          {pages.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <nav aria-label={t('content.pages.title')}>
              {list.map((p) => (
                <button
                  key={p.slug}
                  type="button"
                  className={`cx-page-item${p.slug === slug ? ' cx-page-item--active' : ''}`}
                  onClick={() => open(p.slug)}
                  aria-current={p.slug === slug ? 'page' : undefined}
                >
                  <div className="cx-page-item__title">
                    {p.title}
                    {p.slug === slug && dirty ? <span style={{ color: '#fa8c16' }}> ●</span> : null}
                  </div>
                  <div className="cx-page-item__meta">
                    {t('content.pages.meta', { count: p.length, time: formatTime(p.updated_at) })}
                  </div>
                </button>
              ))}
            </nav>
          )}
        </Card>
        {page.data ? (
          <ContentEditor
            key={`${page.data.slug}:${page.data.updated_at}`}
            page={page.data}
            onDirtyChange={onDirtyChange}
          />
        ) : (
          <Card>
            {page.isError ? (
              <Empty description={t('content.pages.loadFailed')} />
            ) : (
              <Spin style={{ display: 'block', margin: 80 }} />
            )}
          </Card>
        )}
      </div>
    </>
  );
}
