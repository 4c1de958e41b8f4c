import { SendOutlined, StopOutlined } from '@ant-design/icons';
import {
  MODEL_TEST_PROMPT,
  MODEL_TEST_PROMPT_MAX,
  type AdminModel,
  type ModelTestDone,
  type ModelTestError,
} from '@lingxi/contract';
import { Alert, Button, Divider, Empty, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { formatCount } from '../../lib/format';
import { streamModelTest } from './models-api';

type Run =
  | { state: 'idle' }
  | { state: 'running'; text: string; firstTokenMs: number | null }
  | { state: 'done'; text: string; done: ModelTestDone }
  | { state: 'failed'; text: string; error: Pick<ModelTestError, 'msg'> & Partial<ModelTestError> };

const ANSWER = {
  margin: '16px 0',
  minHeight: 120,
  maxHeight: 320,
  overflow: 'auto',
  padding: '12px 14px',
  background: '#f7f8fc',
  border: '1px solid #eef0f5',
  borderRadius: 8,
  whiteSpace: 'pre-wrap',
  lineHeight: 1.7,
} as const;

const ms = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${formatCount(n)} ms`);

/** The test button's dialog: one prompt to the model, its answer as it streams, the times, or the error. */
export function ModelTestModal({
  model,
  open,
  onClose,
}: {
  model: AdminModel | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open && model !== null}
      title={
        <Space>
          {t('models.testModal.title')}
          <Typography.Text type="secondary">{model?.name}</Typography.Text>
          {model && !model.enabled ? <Tag>{t('common.disabled')}</Tag> : null}
        </Space>
      }
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
    >
      {model ? <TestPanel model={model} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The dialog's content, made afresh each time it opens; closing it stops a test under way. */
function TestPanel({ model, onClose }: { model: AdminModel; onClose: () => void }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let text = '';
    let firstTokenMs: number | null = null;
    const began = performance.now();
    setRun({ state: 'running', text, firstTokenMs });
    try {
      for await (const e of streamModelTest(model.id, prompt.trim(), controller.signal)) {
        if (e.event === 'delta') {
          firstTokenMs ??= Math.round(performance.now() - began);
          text += e.data.text;
          setRun({ state: 'running', text, firstTokenMs });
        } else if (e.event === 'done') setRun({ state: 'done', text, done: e.data });
        else if (e.event === 'error') setRun({ state: 'failed', text, error: e.data });
      }
    } catch (err) {
      if (controller.signal.aborted)
        setRun(
          text ? { state: 'failed', text, error: { msg: t('models.testModal.stopped') } } : { state: 'idle' },
        );
      else
        setRun({
          state: 'failed',
          text,
          error: { msg: isApiError(err) ? err.message : t('models.testModal.requestFailed') },
        });
    }
  };

  const stop = () => abort.current?.abort();
  const running = run.state === 'running';

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        <Trans
          i18nKey="models.testModal.intro"
          values={{ model: model.upstream_model }}
          components={{ code: <Typography.Text code /> }}
        />
      </Typography.Paragraph>
      <Input.TextArea
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        placeholder={MODEL_TEST_PROMPT}
        maxLength={MODEL_TEST_PROMPT_MAX}
        autoSize={{ minRows: 2, maxRows: 4 }}
        disabled={running}
        aria-label={t('models.testModal.promptAria')}
      />
      {run.state === 'failed' && !run.text ? (
        <div style={{ height: 16 }} />
      ) : (
        <div style={ANSWER} data-testid="model-test-answer">
          {run.state === 'idle' ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('models.testModal.idle')} />
          ) : run.text ? (
            <>
              {run.text}
              {running ? <span style={{ color: '#5b5bf6' }}>▍</span> : null}
            </>
          ) : running ? (
            <Spin size="small" tip={t('models.testModal.waiting')}>
              <div style={{ height: 40 }} />
            </Spin>
          ) : null}
        </div>
      )}
      <Results t={t} run={run} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 20 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {running ? (
          <Button icon={<StopOutlined />} onClick={stop} danger>
            {t('models.testModal.stop')}
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined />} onClick={() => void start()}>
            {run.state === 'idle' ? t('models.testModal.send') : t('models.testModal.again')}
          </Button>
        )}
      </div>
    </>
  );
}

function Results({ t, run }: { t: TFunction; run: Run }) {
  if (run.state === 'failed') {
    const { error } = run;
    const upstream = [
      error.upstream_status ? `HTTP ${error.upstream_status}` : '',
      error.upstream_message ?? '',
    ]
      .filter(Boolean)
      .join(' · ');
    return (
      <Alert
        type="error"
        showIcon
        message={error.msg}
        description={
          upstream || error.latency_ms !== undefined ? (
            <Space direction="vertical" size={2}>
              {upstream ? <span>{t('models.testModal.upstream', { text: upstream })}</span> : null}
              {error.latency_ms !== undefined ? (
                <span>
                  {t('models.testModal.times', {
                    first: ms(error.first_token_ms),
                    total: ms(error.latency_ms),
                  })}
                </span>
              ) : null}
            </Space>
          ) : undefined
        }
      />
    );
  }
  if (run.state === 'idle') return null;
  const done = run.state === 'done' ? run.done : null;
  const figures: [string, string][] = [
    [
      t('models.testModal.firstToken'),
      ms(done ? done.first_token_ms : run.state === 'running' ? run.firstTokenMs : null),
    ],
    [t('models.testModal.total'), done ? ms(done.latency_ms) : t('models.testModal.running')],
    [
      t('models.testModal.tokens'),
      done?.usage ? `${done.usage.prompt_tokens} / ${done.usage.completion_tokens}` : '—',
    ],
    [t('models.testModal.finish'), done?.finish_reason ?? '—'],
  ];
  return (
    <Space split={<Divider type="vertical" />} wrap data-testid="model-test-figures">
      {figures.map(([label, value]) => (
        <span key={label}>
          <Typography.Text type="secondary">{label} </Typography.Text>
          <Typography.Text strong>{value}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}
