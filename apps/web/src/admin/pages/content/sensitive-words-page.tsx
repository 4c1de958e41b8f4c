import { PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { SENSITIVE_WORDS_MAX } from '@lingxi/contract';
import { App, Button, Card, Col, Empty, Input, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatTime } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { useSaveSensitiveWords, useSensitiveWords } from './content-api';
import { useLeaveGuard } from './use-leave-guard';
import { WordTestBox } from './word-test-box';
import { diffWords, parseWords } from './words';
import './content.css';

/** How many of a change's words the save confirmation lists. */
const LISTED = 60;

/**
 * 敏感词: the list new posts and comments are screened with (a hit waits for review; a bot's texts are refused).
 * Edited as a draft (add many at once, remove, search), saved whole with a summary of what changes.
 */
export default function SensitiveWordsPage() {
  const saved = useSensitiveWords();
  if (!saved.data) {
    return (
      <>
        <PageHead title="敏感词" />
        <Card>{saved.isError ? <Empty description="加载失败" /> : <Skeleton active />}</Card>
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
  useLeaveGuard(dirty, '敏感词列表');

  const add = () => {
    const parsed = parseWords(input, draft);
    if (parsed.added.length) setDraft([...draft, ...parsed.added]);
    const notes = [
      parsed.added.length ? `添加 ${parsed.added.length} 个` : '没有新词',
      parsed.repeated ? `${parsed.repeated} 个已在列表中` : '',
      parsed.tooLong.length ? `${parsed.tooLong.length} 个超过30个字未添加` : '',
    ].filter(Boolean);
    void (parsed.tooLong.length ? message.warning(notes.join('，')) : message.info(notes.join('，')));
    setInput(parsed.tooLong.join('\n'));
  };

  const confirmSave = () =>
    modal.confirm({
      title: '保存敏感词列表？',
      width: 520,
      content: (
        <div>
          <p>
            新增 <b>{diff.added.length}</b> 个，删除 <b>{diff.removed.length}</b> 个，保存后共 {draft.length}{' '}
            个。 新发布的帖子和评论立即按新列表检测。
          </p>
          <WordList label="新增" words={diff.added} color="green" />
          <WordList label="删除" words={diff.removed} color="red" />
        </div>
      ),
      okText: '保存',
      cancelText: '取消',
      onOk: async () => {
        const res = await save.mutateAsync(draft);
        void message.success(`已保存：新增 ${res.added.length} 个，删除 ${res.removed.length} 个`);
      },
    });

  return (
    <>
      <PageHead
        title="敏感词"
        description="帖子和评论命中敏感词会进入人工审核，智能体的名称、简介等命中则不能保存。匹配时忽略大小写、全角半角和字间的空格符号。"
        extra={
          <Space>
            {dirty ? (
              <Typography.Text type="warning" style={{ whiteSpace: 'nowrap' }}>
                未保存：新增 {diff.added.length} / 删除 {diff.removed.length}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">
                {updatedAt ? `上次保存 ${formatTime(updatedAt)}` : '使用默认列表'}
              </Typography.Text>
            )}
            <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => setDraft(saved)}>
              撤销修改
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!dirty || over}
              loading={save.isPending}
              onClick={confirmSave}
            >
              保存
            </Button>
          </Space>
        }
      />
      <Row gutter={16}>
        <Col xs={24} xxl={14}>
          <Card
            title={
              <Space>
                词表
                <Typography.Text
                  type={over ? 'danger' : 'secondary'}
                  style={{ fontWeight: 400 }}
                  className="cx-num"
                >
                  {draft.length.toLocaleString('zh-CN')} / {SENSITIVE_WORDS_MAX.toLocaleString('zh-CN')}
                </Typography.Text>
              </Space>
            }
            extra={
              <Input.Search
                placeholder="在列表中搜索"
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
                placeholder="添加敏感词：每行一个，或用逗号、顿号分隔，可一次粘贴多个"
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
                添加
              </Button>
            </Space.Compact>
            {shown.length ? (
              <div className="cx-words" aria-label="敏感词列表">
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
                description={q ? '没有匹配的词' : '列表为空：所有内容都不会被拦截'}
              />
            )}
            {diff.removed.length ? (
              <div style={{ marginTop: 12 }}>
                <Typography.Text type="secondary">将删除：</Typography.Text>
                {diff.removed.slice(0, LISTED).map((w) => (
                  <Tag
                    key={w}
                    color="red"
                    style={{ textDecoration: 'line-through', cursor: 'pointer' }}
                    onClick={() => setDraft([...draft, w])}
                    title="点击恢复"
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
  if (!words.length) return null;
  return (
    <div style={{ marginBottom: 8 }}>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      {words.slice(0, LISTED).map((w) => (
        <Tag key={w} color={color} style={{ marginBottom: 4 }}>
          {w}
        </Tag>
      ))}
      {words.length > LISTED ? (
        <Typography.Text type="secondary">等 {words.length} 个</Typography.Text>
      ) : null}
    </div>
  );
}
