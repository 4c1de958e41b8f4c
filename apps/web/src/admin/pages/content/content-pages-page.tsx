import type { ContentSlug } from '@lingxi/contract';
import { App, Card, Empty, Skeleton, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCount, formatTime } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { useContentPage, useContentPages } from './content-api';
import { ContentEditor } from './content-editor';
import './content.css';

/** 内容页面: the agreements, help centre, about us and update log the app shows, edited in Markdown. */
export default function ContentPagesPage() {
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
      title: '放弃未保存的修改？',
      content: '当前页面有未保存的修改，切换后将丢失。',
      okText: '放弃修改',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: go,
    });
  };

  return (
    <>
      <PageHead
        title="内容页面"
        description="App 中的协议、帮助中心、关于我们和更新日志；保存后用户再次打开即看到新内容。"
      />
      <div className="cx-pages">
        <Card size="small" styles={{ body: { padding: 8 } }}>
          {pages.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <nav aria-label="内容页面">
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
                    {formatCount(p.length)} 字 · {formatTime(p.updated_at)}
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
              <Empty description="页面加载失败" />
            ) : (
              <Spin style={{ display: 'block', margin: 80 }} />
            )}
          </Card>
        )}
      </div>
    </>
  );
}
