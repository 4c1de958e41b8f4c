import { ExperimentOutlined } from '@ant-design/icons';
import { SENSITIVE_TEST_TEXT_MAX, type SensitiveWordsTestResult } from '@lingxi/contract';
import { Button, Card, Empty, Input, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { testSensitiveWords } from './content-api';
import { segmentsOf } from './words';
import { useTranslation } from 'react-i18next';

/**
 * Tries a text against the list with the server's matcher (the one posts are screened with): the saved list, or
 * the unsaved draft, so a change can be tried before it is saved. Hits are marked in the text.
 */
export function WordTestBox({ draft, dirty }: { draft: string[]; dirty: boolean }) {
  const { t } = useTranslation();
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
      title={t('content.words.testTitle')}
      extra={
        dirty ? (
          <Space size={6}>
            <Switch size="small" checked={useDraft} onChange={setUseDraft} />
            <Typography.Text type="secondary">
              {useDraft ? t('content.words.useDraft') : t('content.words.useSaved')}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('content.words.useSaved')}</Typography.Text>
        )
      }
    >
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('content.words.testPlaceholder')}
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
        {t('content.words.test')}
      </Button>
      {result ? (
        <>
          <div style={{ marginBottom: 8 }}>
            {result.hits.length ? (
              <Space wrap size={[4, 4]}>
                <Typography.Text type="danger">
                  {t('content.words.hits', { count: result.hits.length })}
                </Typography.Text>
                {distinct.map((w) => (
                  <Tag key={w} color="red">
                    {w}
                  </Tag>
                ))}
                <Typography.Text type="secondary">{t('content.words.hitsNote')}</Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="success">{t('content.words.clean')}</Typography.Text>
            )}
          </div>
          <div className="cx-hit-text" data-testid="hit-text">
            {segmentsOf(result.text, result.hits).map((s, i) =>
              s.word ? (
                <mark key={i} title={t('content.words.hit', { word: s.word })}>
                  {s.text}
                </mark>
              ) : (
                <span key={i}>{s.text}</span>
              ),
            )}
          </div>
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('content.words.resultHere')} />
      )}
    </Card>
  );
}
