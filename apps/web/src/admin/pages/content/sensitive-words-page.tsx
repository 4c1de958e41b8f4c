import { PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { SENSITIVE_WORDS_MAX } from '@lingxi/contract';
import { App, Button, Card, Col, Empty, Input, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatCount, formatTime } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { useSaveSensitiveWords, useSensitiveWords } from './content-api';
import { useLeaveGuard } from './use-leave-guard';
import { WordTestBox } from './word-test-box';
import { diffWords, parseWords } from './words';
import './content.css';
import { Trans, useTranslation } from 'react-i18next';

/** How many of a change's words the save confirmation lists. */
const LISTED = 60;

/**
 * 敏感词: the list new posts and comments are screened with (a hit waits for review; a bot's texts are refused).
 * Edited as a draft (add many at once, remove, search), saved whole with a summary of what changes.
 */
export default function SensitiveWordsPage() {
  const { t } = useTranslation();
  const saved = useSensitiveWords();
  if (!saved.data) {
    return (
      <>
        <PageHead title={t('content.words.title')} />
        <Card>
          {saved.isError ? <Empty description={t('content.words.loadFailed')} /> : <Skeleton active />}
        </Card>
      </>
    );
  }
  return (
    <WordsEditor
      key={saved.data.updated_at ?? 'default'}
      saved={saved.data.words}
      updatedAt={saved.data.updated_at}
    />
  );
}

function WordsEditor({ saved, updatedAt }: { saved: string[]; updatedAt: string | null }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const save = useSaveSensitiveWords();
  const [draft, setDraft] = useState(saved);
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const diff = useMemo(() => diffWords(saved, draft), [saved, draft]);
  const dirty = diff.added.length > 0 || diff.removed.length > 0;
  const added = useMemo(() => new Set(diff.added), [diff.added]);
  const shown = q ? draft.filter((w) => w.toLowerCase().includes(q.trim().toLowerCase())) : draft;
  const over = draft.length > SENSITIVE_WORDS_MAX;
  useLeaveGuard(dirty, t('content.words.listName'));

  const add = () => {
    const parsed = parseWords(input, draft);
    if (parsed.added.length) setDraft([...draft, ...parsed.added]);
    const notes = [
      parsed.added.length
        ? t('content.words.added', { count: parsed.added.length })
        : t('content.words.noNew'),
      parsed.repeated ? t('content.words.repeated', { count: parsed.repeated }) : '',
      parsed.tooLong.length ? t('content.words.tooLong', { count: parsed.tooLong.length }) : '',
    ].filter(Boolean);
    void (parsed.tooLong.length
      ? message.warning(notes.join(t('content.words.joiner')))
      : message.info(notes.join(t('content.words.joiner'))));
    setInput(parsed.tooLong.join('\n'));
  };

  const confirmSave = () =>
    modal.confirm({
      title: t('content.words.saveTitle'),
      width: 520,
      content: (
        <div>
          <p>
            <Trans
              i18nKey="content.words.saveSummary"
              values={{ added: diff.added.length, removed: diff.removed.length, total: draft.length }}
              components={{ b: <b /> }}
            />
          </p>
          <WordList label={t('content.words.addedLabel')} words={diff.added} color="green" />
          <WordList label={t('content.words.removedLabel')} words={diff.removed} color="red" />
        </div>
      ),
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const res = await save.mutateAsync(draft);
        void message.success(
          t('content.words.savedSummary', { added: res.added.length, removed: res.removed.length }),
        );
      },
    });

  return (
    <>
      <PageHead
        title={t('content.words.title')}
        description={t('content.words.lead')}
        extra={
          <Space>
            {dirty ? (
              <Typography.Text type="warning" style={{ whiteSpace: 'nowrap' }}>
                {t('content.words.unsaved', { added: diff.added.length, removed: diff.removed.length })}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {updatedAt
                  ? t('content.common.lastSaved', { time: formatTime(updatedAt) })
                  : t('content.words.default')}
              </Typography.Text>
            )}
            <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => setDraft(saved)}>
              {t('content.common.revert')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!dirty || over}
              loading={save.isPending}
              onClick={confirmSave}
            >
              {t('common.save')}
            </Button>
          </Space>
        }
      />
      <Row gutter={16}>
        <Col xs={24} xxl={14}>
          <Card
            title={
              <Space>
                {t('content.words.list')}
                <Typography.Text
                  type={over ? 'danger' : 'secondary'}
                  style={{ fontWeight: 400 }}
                  className="cx-num"
                >
                  {formatCount(draft.length)} / {formatCount(SENSITIVE_WORDS_MAX)}
                </Typography.Text>
              </Space>
            }
            extra={
              <Input.Search
                placeholder={t('content.words.searchList')}
                allowClear
                onChange={(e) => setQ(e.target.value)}
                style={{ width: 220 }}
              />
            }
            style={{ marginBottom: 16 }}
          >
            <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
              <Input.TextArea
                value={input}
                onChange={(e) => setInput(e.target.value)}
                placeholder={t('content.words.addPlaceholder')}
                autoSize={{ minRows: 2, maxRows: 6 }}
                onPressEnter={(e) => {
                  if (e.ctrlKey || e.metaKey) add();
                }}
              />
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!input.trim()}
                onClick={add}
                style={{ height: 'auto' }}
              >
                {t('content.words.add')}
              </Button>
            </Space.Compact>
            {shown.length ? (
              <div className="cx-words" aria-label={t('content.words.listName')}>
                {shown.map((w) => (
                  <Tag
                    key={w}
                    closable
                    color={added.has(w) ? 'green' : undefined}
                    onClose={(e) => {
                      e.preventDefault();
                      setDraft(draft.filter((x) => x !== w));
                    }}
                  >
                    {w}
                  </Tag>
                ))}
              </div>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={q ? t('content.words.noMatch') : t('content.words.empty')}
              />
            )}
            {diff.removed.length ? (
              <div style={{ marginTop: 12 }}>
                <Typography.Text type="secondary">{t('content.words.toRemove')}</Typography.Text>
                {diff.removed.slice(0, LISTED).map((w) => (
                  <Tag
                    key={w}
                    color="red"
                    style={{ textDecoration: 'line-through', cursor: 'pointer' }}
                    onClick={() => setDraft([...draft, w])}
                    title={t('content.words.restore')}
                  >
                    {w}
                  </Tag>
                ))}
              </div>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xxl={10}>
          <WordTestBox draft={draft} dirty={dirty} />
        </Col>
      </Row>
    </>
  );
}

function WordList({ label, words, color }: { label: string; words: string[]; color: string }) {
  const { t } = useTranslation();
  if (!words.length) return null;
  return (
    <div style={{ marginBottom: 8 }}>
      <Typography.Text type="secondary">{t('content.words.labelled', { label })}</Typography.Text>
      {words.slice(0, LISTED).map((w) => (
        <Tag key={w} color={color} style={{ marginBottom: 4 }}>
          {w}
        </Tag>
      ))}
      {words.length > LISTED ? (
        <Typography.Text type="secondary">
          {t('content.words.andMore', { count: words.length })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
