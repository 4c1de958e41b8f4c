import '../../test-i18n';
import { createModelBody, type AdminModel } from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { describe, expect, it } from 'vitest';
import { mockApi, type Call } from '../../../test/mock-api';
import { sseResponse } from '../../../test/sse';
import { createBodyOf, formOf, NEW_MODEL, updateBodyOf } from './model-form';
import { reordered } from './model-order';
import ModelsPage from './models-page';

const model = (o: Partial<AdminModel>): AdminModel => ({
  id: 'm',
  name: '模型',
  provider: 'openai',
  base_url: 'https://api.example.com/v1',
  api_key_set: true,
  api_key_masked: 'sk-****abcd',
  upstream_model: 'up',
  chip_price: 2,
  vip_only: false,
  context_window: 64_000,
  enabled: true,
  is_default: false,
  sort: 0,
  source: 'console',
  bot_count: 0,
  delete_refusal: null,
  updated_at: '2026-11-21T08:00:00.000Z',
  ...o,
});

const LIST = [
  model({ id: 'deepseek-chat', name: 'DeepSeek V3', is_default: true, sort: 0, source: 'env' }),
  model({
    id: 'offline',
    name: '离线模型',
    provider: 'offline',
    base_url: null,
    api_key_set: false,
    sort: 1,
  }),
  model({ id: 'qwen-plus', name: '通义千问', sort: 2, upstream_model: 'qwen-plus', enabled: false }),
];

function renderPage(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /api/v1/admin/model': { data: { list: LIST } }, ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <ModelsPage />
      </AntApp>
    </QueryClientProvider>,
  );
  return api;
}

const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;

// antd's first render in jsdom takes seconds on a busy machine.
describe('the models page', { timeout: 30_000 }, () => {
  it('lists the models with their price, key and status', async () => {
    renderPage({});
    const first = await row('DeepSeek V3');
    expect(within(first).getByText('默认')).toBeInTheDocument();
    expect(within(first).getByText('环境变量')).toBeInTheDocument();
    expect(within(first).getByText('2 芯片/条')).toBeInTheDocument();
    expect(within(first).getByText('sk-****abcd')).toBeInTheDocument();
    expect(within(first).getByText('64K')).toBeInTheDocument();
    expect(within(await row('通义千问')).getByText('已停用')).toBeInTheDocument();
    // The default cannot be disabled: its switch is off limits.
    expect(screen.getByLabelText('DeepSeek V3 启用')).toBeDisabled();
  });

  it('moves a model down by sending the whole new order', async () => {
    const api = renderPage({ 'PUT /api/v1/admin/model/order': { data: { list: LIST } } });
    await row('DeepSeek V3');
    fireEvent.click(screen.getByLabelText('下移 DeepSeek V3'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ ids: ['offline', 'deepseek-chat', 'qwen-plus'] });
  });

  it('shows a test answer as it streams, then its times', async () => {
    let stream!: ReturnType<typeof sseResponse>;
    const api = renderPage({
      'POST /api/v1/admin/model/qwen-plus/test': (call: Call) => {
        stream = sseResponse(call.signal);
        return stream.response;
      },
    });
    fireEvent.click(within(await row('通义千问')).getByText('测试'));
    fireEvent.click(await screen.findByText('发送测试'));
    await waitFor(() => expect(stream).toBeDefined());
    expect(api.calls.at(-1)!.body).toEqual({});
    stream.send('start', {
      model_id: 'qwen-plus',
      name: '通义千问',
      provider: 'openai',
      upstream_model: 'qwen-plus',
      prompt: '你好',
    });
    stream.send('delta', { text: '你好，' });
    await waitFor(() => expect(screen.getByTestId('model-test-answer')).toHaveTextContent('你好，'));
    expect(screen.getByText('停止')).toBeInTheDocument();
    stream.send('delta', { text: '我是通义千问。' });
    stream.send('done', {
      latency_ms: 812,
      first_token_ms: 120,
      usage: { prompt_tokens: 14, completion_tokens: 9 },
      finish_reason: 'stop',
    });
    stream.end();
    await waitFor(() => expect(screen.getByTestId('model-test-figures')).toHaveTextContent('812 ms'));
    expect(screen.getByTestId('model-test-answer')).toHaveTextContent('你好，我是通义千问。');
    expect(screen.getByTestId('model-test-figures')).toHaveTextContent('120 ms');
    expect(screen.getByTestId('model-test-figures')).toHaveTextContent('14 / 9');
    expect(screen.getByText('再测一次')).toBeInTheDocument();
  });

  it("shows an upstream failure in a red alert with the upstream's words", async () => {
    renderPage({
      'POST /api/v1/admin/model/qwen-plus/test': () => {
        const stream = sseResponse();
        stream.send('start', {
          model_id: 'qwen-plus',
          name: '通义千问',
          provider: 'openai',
          upstream_model: 'qwen-plus',
          prompt: '你好',
        });
        stream.send('error', {
          code: 30002,
          kind: 'auth',
          msg: 'API Key 无效或无权使用该模型（上游拒绝鉴权）',
          upstream_status: 401,
          upstream_message: 'Incorrect API key provided.',
          latency_ms: 35,
          first_token_ms: null,
        });
        stream.end();
        return stream.response;
      },
    });
    fireEvent.click(within(await row('通义千问')).getByText('测试'));
    fireEvent.click(await screen.findByText('发送测试'));
    const alert = await screen.findByText('API Key 无效或无权使用该模型（上游拒绝鉴权）');
    expect(alert.closest('.ant-alert-error')).toHaveTextContent('HTTP 401 · Incorrect API key provided.');
  });

  it('shows a refusal of the test (the rate limit) in the alert too', async () => {
    renderPage({
      'POST /api/v1/admin/model/qwen-plus/test': { code: 10029, msg: '测试太频繁，请30秒后再试' },
    });
    fireEvent.click(within(await row('通义千问')).getByText('测试'));
    fireEvent.click(await screen.findByText('发送测试'));
    const alert = await screen.findByText('测试太频繁，请30秒后再试');
    expect(alert.closest('.ant-alert-error')).not.toBeNull();
  });
});

describe('reordered', () => {
  it('moves past the neighbour shown, keeping hidden rows in place', () => {
    const ids = ['a', 'b', 'c', 'd'];
    expect(reordered(ids, ids, 'b', -1)).toEqual(['b', 'a', 'c', 'd']);
    expect(reordered(ids, ids, 'b', 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(reordered(ids, ['a', 'c', 'd'], 'c', -1)).toEqual(['c', 'a', 'b', 'd']);
    expect(reordered(ids, ['a', 'c', 'd'], 'a', 1)).toEqual(['b', 'c', 'a', 'd']);
    expect(reordered(ids, ids, 'a', -1)).toBeNull();
    expect(reordered(ids, ids, 'd', 1)).toBeNull();
  });
});

describe('the form bodies', () => {
  const qwen = LIST[2]!;

  it('sends only what changed, and the key only when a new one was typed', () => {
    expect(updateBodyOf(qwen, formOf(qwen))).toEqual({});
    expect(updateBodyOf(qwen, { ...formOf(qwen), chip_price: 5, name: '千问' })).toEqual({
      name: '千问',
      chip_price: 5,
    });
    expect(updateBodyOf(qwen, { ...formOf(qwen), api_key: 'sk-new-key' })).toEqual({ api_key: 'sk-new-key' });
    // The offline model has no address, key or upstream id to send.
    const offline = LIST[1]!;
    expect(
      updateBodyOf(offline, { ...formOf(offline), base_url: 'https://x.example', chip_price: 3 }),
    ).toEqual({
      chip_price: 3,
    });
  });

  it('leaves out the address and key of an offline model, and checks with the contract', () => {
    const body = createBodyOf({
      ...NEW_MODEL,
      id: 'my-offline',
      name: '离线2',
      provider: 'offline',
      base_url: 'x',
    });
    expect(body).not.toHaveProperty('base_url');
    expect(createModelBody.safeParse(body).success).toBe(true);
    const bad = createBodyOf({
      ...NEW_MODEL,
      id: 'm1',
      name: '模型',
      base_url: 'ftp://x',
      api_key: 'k',
      upstream_model: 'u',
    });
    const issues = createModelBody.safeParse(bad).error!.issues.map((i) => i.path[0]);
    expect(issues).toEqual(['base_url']);
  });
});
