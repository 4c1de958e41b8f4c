import { ExperimentOutlined } from '@ant-design/icons';
import { SENSITIVE_TEST_TEXT_MAX, type SensitiveWordsTestResult } from '@lingxi/contract';
import { Button, Card, Empty, Input, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { testSensitiveWords } from './content-api';
import { segmentsOf } from './words';

/**
 * Tries a text against the list with the server's matcher (the one posts are screened with): the saved list, or
 * the unsaved draft, so a change can be tried before it is saved. Hits are marked in the text.
 */
export function WordTestBox({ draft, dirty }: { draft: string[]; dirty: boolean }) {
  const [text, setText] = useState('');
  const [useDraft, setUseDraft] = useState(true);
  const [result, setResult] = useState<{ text: string; hits: SensitiveWordsTestResult['hits'] } | null>(null);
  const [pending, setPending] = useState(false);
  const withDraft = dirty && useDraft;

  const run = async () => {
    setPending(true);
    try {
      const res = await testSensitiveWords(text, withDraft ? draft : undefined);
      setResult({ text, hits: res.hits });
    } finally {
      setPending(false);
    }
  };

  const distinct = result ? [...new Set(result.hits.map((h) => h.word))] : [];
  return (
    <Card
      title="检测文字"
      extra={
        dirty ? (
          <Space size={6}>
            <Switch size="small" checked={useDraft} onChange={setUseDraft} />
            <Typography.Text type="secondary">
              {useDraft ? '使用未保存的列表' : '使用已保存的列表'}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">使用已保存的列表</Typography.Text>
        )
      }
    >
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="粘贴一段帖子或评论，看看会命中哪些敏感词（忽略大小写、全角和字间的空格符号）"
        autoSize={{ minRows: 4, maxRows: 10 }}
        maxLength={SENSITIVE_TEST_TEXT_MAX}
        showCount
      />
      <Button
        type="primary"
        ghost
        icon={<ExperimentOutlined />}
        style={{ margin: '16px 0' }}
        disabled={!text}
        loading={pending}
        onClick={() => void run()}
      >
        检测
      </Button>
      {result ? (
        <>
          <div style={{ marginBottom: 8 }}>
            {result.hits.length ? (
              <Space wrap size={[4, 4]}>
                <Typography.Text type="danger">命中 {result.hits.length} 处：</Typography.Text>
                {distinct.map((w) => (
                  <Tag key={w} color="red">
                    {w}
                  </Tag>
                ))}
                <Typography.Text type="secondary">含有敏感词的帖子和评论会进入人工审核</Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="success">未命中敏感词，发布后直接公开</Typography.Text>
            )}
          </div>
          <div className="cx-hit-text" data-testid="hit-text">
            {segmentsOf(result.text, result.hits).map((s, i) =>
              s.word ? (
                <mark key={i} title={`命中：${s.word}`}>
                  {s.text}
                </mark>
              ) : (
                <span key={i}>{s.text}</span>
              ),
            )}
          </div>
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="检测结果会显示在这里" />
      )}
    </Card>
  );
}
