import { SendOutlined, StopOutlined } from '@ant-design/icons';
import {
  MODEL_TEST_PROMPT,
  MODEL_TEST_PROMPT_MAX,
  type AdminModel,
  type ModelTestDone,
  type ModelTestError,
} from '@lingxi/contract';
import { Alert, Button, Divider, Empty, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
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

const ms = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${n.toLocaleString()} ms`;

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
  return (
    <Modal
      open={open && model !== null}
      title={
        <Space>
          测试模型
          <Typography.Text type="secondary">{model?.name}</Typography.Text>
          {model && !model.enabled ? <Tag>已停用</Tag> : null}
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
        setRun(text ? { state: 'failed', text, error: { msg: '测试已停止' } } : { state: 'idle' });
      else setRun({ state: 'failed', text, error: { msg: isApiError(err) ? err.message : '请求失败' } });
    }
  };

  const stop = () => abort.current?.abort();
  const running = run.state === 'running';

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        向 <Typography.Text code>{model.upstream_model}</Typography.Text>{' '}
        发送一条消息，不扣芯片、不保存对话，只记入操作日志。
      </Typography.Paragraph>
      <Input.TextArea
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        placeholder={MODEL_TEST_PROMPT}
        maxLength={MODEL_TEST_PROMPT_MAX}
        autoSize={{ minRows: 2, maxRows: 4 }}
        disabled={running}
        aria-label="测试内容"
      />
      {run.state === 'failed' && !run.text ? (
        <div style={{ height: 16 }} />
      ) : (
        <div style={ANSWER} data-testid="model-test-answer">
          {run.state === 'idle' ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="发送后，这里实时显示模型的回答" />
          ) : run.text ? (
            <>
              {run.text}
              {running ? <span style={{ color: '#5b5bf6' }}>▍</span> : null}
            </>
          ) : running ? (
            <Spin size="small" tip="等待模型的第一个字…">
              <div style={{ height: 40 }} />
            </Spin>
          ) : null}
        </div>
      )}
      <Results run={run} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 20 }}>
        <Button onClick={onClose}>关闭</Button>
        {running ? (
          <Button icon={<StopOutlined />} onClick={stop} danger>
            停止
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined />} onClick={() => void start()}>
            {run.state === 'idle' ? '发送测试' : '再测一次'}
          </Button>
        )}
      </div>
    </>
  );
}

function Results({ run }: { run: Run }) {
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
              {upstream ? <span>上游返回：{upstream}</span> : null}
              {error.latency_ms !== undefined ? (
                <span>
                  首字 {ms(error.first_token_ms)}，用时 {ms(error.latency_ms)}
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
    ['首字', ms(done ? done.first_token_ms : run.state === 'running' ? run.firstTokenMs : null)],
    ['总耗时', done ? ms(done.latency_ms) : '进行中…'],
    [
      'Tokens（输入 / 输出）',
      done?.usage ? `${done.usage.prompt_tokens} / ${done.usage.completion_tokens}` : '—',
    ],
    ['结束原因', done?.finish_reason ?? '—'],
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
