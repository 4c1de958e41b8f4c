import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { CONTENT_BODY_MAX_BYTES, utf8Bytes, type AdminContentPage } from '@lingxi/contract';
import { Button, Card, Input, Progress, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useDeferredValue, useEffect, useState } from 'react';
import { formatTime } from '../../lib/format';
import { TranslationsField } from '../../ui/translations-field';
import { useSaveContentPage } from './content-api';
import { ArticlePreview, PhoneFrame } from './previews';
import { useLeaveGuard } from './use-leave-guard';

/**
 * One content page's editor: title and Markdown (monospace) with the app's rendering beside it. Unsaved changes
 * are marked, and leaving them (another page, another console page, closing the tab) asks first. The save names
 * the version it started from, so another operator's newer save is not overwritten (the server refuses).
 */
export function ContentEditor({
  page,
  onDirtyChange,
}: {
  page: AdminContentPage;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const save = useSaveContentPage();
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(page.body);
  const [translations, setTranslations] = useState(page.translations);
  const preview = useDeferredValue(body);
  const dirty =
    title !== page.title ||
    body !== page.body ||
    JSON.stringify(translations) !== JSON.stringify(page.translations);
  const bytes = utf8Bytes(body);
  const tooBig = bytes > CONTENT_BODY_MAX_BYTES;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  useLeaveGuard(dirty, `「${page.title}」`);

  const submit = () =>
    save.mutate({
      slug: page.slug,
      title: title.trim(),
      body,
      translations,
      base_updated_at: page.updated_at,
    });

  return (
    <Card
      title={
        <Space>
          {page.title}
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
            /{page.slug}
          </Typography.Text>
          {dirty ? <Tag color="orange">未保存</Tag> : <Tag color="green">已保存</Tag>}
        </Space>
      }
      extra={
        <Space>
          <Typography.Text type="secondary">上次保存 {formatTime(page.updated_at)}</Typography.Text>
          <Button
            icon={<UndoOutlined />}
            disabled={!dirty}
            onClick={() => {
              setTitle(page.title);
              setBody(page.body);
              setTranslations(page.translations);
            }}
          >
            撤销修改
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!dirty || tooBig || !title.trim() || !body.trim()}
            loading={save.isPending}
            onClick={submit}
          >
            保存
          </Button>
        </Space>
      }
    >
      <div className="cx-editor">
        <div>
          <Input
            addonBefore="标题"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={40}
            showCount
            status={title.trim() ? undefined : 'error'}
            style={{ marginBottom: 12 }}
          />
          <Input.TextArea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            autoSize={{ minRows: 22, maxRows: 34 }}
            spellCheck={false}
            aria-label="Markdown 正文"
            status={tooBig ? 'error' : undefined}
          />
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8, flexWrap: 'wrap' }}>
            <Progress
              percent={Math.min(100, Math.round((bytes / CONTENT_BODY_MAX_BYTES) * 100))}
              size="small"
              status={tooBig ? 'exception' : 'normal'}
              showInfo={false}
              style={{ width: 120, margin: 0 }}
            />
            <Typography.Text
              type={tooBig ? 'danger' : 'secondary'}
              className="cx-num"
              style={{ whiteSpace: 'nowrap' }}
            >
              {[...body].length.toLocaleString('zh-CN')} 字 · {(bytes / 1024).toFixed(1)} KB / 100 KB
            </Typography.Text>
          </div>
          <TranslationsField
            fields={[
              { name: 'title', max: 40 },
              { name: 'body', rows: 8 },
            ]}
            value={translations}
            onChange={setTranslations}
          />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
            支持 Markdown：## 标题、**加粗**、- 列表、&gt; 引用、[链接](https://…)；HTML 标签不会显示
          </Typography.Text>
        </div>
        <div>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            预览（App 中的样子）
          </Typography.Text>
          <PhoneFrame title={title.trim() || page.title}>
            <ArticlePreview
              body={preview}
              date={dayjs(dirty ? undefined : page.updated_at).format('YYYY-MM-DD')}
            />
          </PhoneFrame>
        </div>
      </div>
    </Card>
  );
}
