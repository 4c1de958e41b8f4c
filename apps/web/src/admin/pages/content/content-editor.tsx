import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { CONTENT_BODY_MAX_BYTES, utf8Bytes, type AdminContentPage } from '@lingxi/contract';
import { Button, Card, Input, Progress, Space, Tag, Typography } from 'antd';
import { useDeferredValue, useEffect, useState } from 'react';
import { formatDate, formatTime } from '../../lib/format';
import { TranslationsField } from '../../ui/translations-field';
import { useSaveContentPage } from './content-api';
import { ArticlePreview, PhoneFrame } from './previews';
import { useLeaveGuard } from './use-leave-guard';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
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

  useLeaveGuard(dirty, t('content.common.quoted', { title: page.title }));

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
          {dirty ? (
            <Tag color="orange">{t('content.common.unsaved')}</Tag>
          ) : (
            <Tag color="green">{t('common.saved')}</Tag>
          )}
        </Space>
      }
      extra={
        <Space>
          <Typography.Text type="secondary">
            {t('content.common.lastSaved', { time: formatTime(page.updated_at) })}
          </Typography.Text>
          <Button
            icon={<UndoOutlined />}
            disabled={!dirty}
            onClick={() => {
              setTitle(page.title);
              setBody(page.body);
              setTranslations(page.translations);
            }}
          >
            {t('content.common.revert')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!dirty || tooBig || !title.trim() || !body.trim()}
            loading={save.isPending}
            onClick={submit}
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <div className="cx-editor">
        <div>
          <Input
            addonBefore={t('content.pages.titleAddon')}
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
            aria-label={t('content.pages.bodyLabel')}
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
              {t('content.pages.size', { count: [...body].length, kb: (bytes / 1024).toFixed(1) })}
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
            {t('content.pages.markdownHelp')}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('content.common.previewInApp')}
          </Typography.Text>
          <PhoneFrame title={title.trim() || page.title}>
            <ArticlePreview
              body={preview}
              date={formatDate(dirty ? new Date().toISOString() : page.updated_at)}
            />
          </PhoneFrame>
        </div>
      </div>
    </Card>
  );
}
