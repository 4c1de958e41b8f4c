import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../lib/request';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeBot, makeConversation, makeMessage, makeUser } from '../../../test/fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { sseResponse } from '../../../test/sse';
import ChatPage from './chat-page';

function renderChat(path = '/bot/5') {
  const router = createMemoryRouter(
    [
      { path: '/bot/:id', element: <ChatPage /> },
      { path: '/bot/discover', element: <div>发现页</div> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** Every toast the request client would show. */
function spyToasts() {
  const toast = vi.fn();
  request.configure({ toast });
  return toast;
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

const page = (list: unknown[]) => ({ data: { list, next_cursor: null } });
const REAL = {
  id: 'deepseek-chat',
  name: 'DeepSeek V3',
  provider: 'openai',
  chip_price: 1,
  base_chip_price: 1,
} as const;

describe('the model a conversation uses', () => {
  it('offline: one quiet line at the top says the replies are samples, and the header names the model', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/bot/5': { data: makeBot() },
      'GET /api/v1/conversation': page([makeConversation()]),
      'GET /api/v1/conversation/7/message': page([
        makeMessage({ id: 2, content: '第一条回复' }),
        makeMessage({ id: 1, role: 'user', content: '第一个问题' }),
      ]),
    });
    renderChat();
    await screen.findByText('第一条回复');
    expect(screen.getAllByTestId('offline-notice')).toHaveLength(1);
    expect(screen.getByTestId('offline-notice')).toHaveTextContent('当前为离线体验模型，回复为示例内容');
    expect(screen.getByTestId('chat-model')).toHaveTextContent('离线体验模型');
  });

  it('a real model: its name in the header, and no notice', async () => {
    mockApi({ 'GET /api/v1/bot/5': { data: makeBot({ model_id: REAL.id, model: REAL }) } });
    renderChat();
    expect(await screen.findByTestId('chat-model')).toHaveTextContent('DeepSeek V3');
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('says what a reply costs: a plain price for a non-member, no member tag', async () => {
    const model = { ...REAL, chip_price: 10, base_chip_price: 10 };
    mockApi({ 'GET /api/v1/bot/5': { data: makeBot({ model_id: REAL.id, model }) } });
    renderChat();
    expect(await screen.findByTestId('chat-price')).toHaveTextContent('10 芯片/条');
    expect(screen.queryByTestId('chat-member-price')).toBeNull();
    expect(document.querySelector('.lx-chat-header__price s')).toBeNull();
  });

  it('a member sees their price, the list price struck through and a 会员价 tag', async () => {
    loginAs('tok', makeUser({ is_vip: true }));
    const model = { ...REAL, chip_price: 8, base_chip_price: 10 };
    mockApi({ 'GET /api/v1/bot/5': { data: makeBot({ model_id: REAL.id, model }) } });
    renderChat();
    const price = await screen.findByTestId('chat-price');
    expect(price).toHaveTextContent('8 芯片/条');
    expect(price.querySelector('s')).toHaveTextContent('10');
    expect(price.querySelector('s')).toHaveAttribute('aria-label', '原价 10');
    expect(screen.getByTestId('chat-member-price')).toHaveTextContent('会员价');
  });

  it('a free model shows no price', async () => {
    const model = { ...REAL, chip_price: 0, base_chip_price: 0 };
    mockApi({ 'GET /api/v1/bot/5': { data: makeBot({ model_id: REAL.id, model }) } });
    renderChat();
    await screen.findByTestId('chat-model');
    expect(screen.queryByTestId('chat-price')).toBeNull();
  });
});

describe('a reply being written', () => {
  it('shows bold as bold before the reply ends, never the raw **', async () => {
    loginAs('tok', makeUser({ chips: 50 }));
    let stream: ReturnType<typeof sseResponse> | null = null;
    mockApi({
      'GET /api/v1/bot/5': { data: makeBot() },
      'GET /api/v1/conversation': page([makeConversation()]),
      'GET /api/v1/conversation/7/message': page([]),
      'POST /api/v1/conversation/7/message': (call: Call) => {
        stream = sseResponse(call.signal);
        return stream.response;
      },
    });
    renderChat();
    await screen.findByTestId('greeting');
    fireEvent.change(document.querySelector('#lx-chat-input')!, { target: { value: '讲讲重点' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(stream).not.toBeNull());
    act(() => {
      const user = makeMessage({ id: 3, role: 'user', content: '讲讲重点' });
      stream!.send('start', { conversation_id: 7, user_message: user, message_id: 4, model: 'offline' });
      stream!.send('delta', { text: '这是**重' });
      stream!.send('delta', { text: '点' });
    });
    const live = await screen.findByTestId('assistant-bubble-live');
    await waitFor(() => expect(live.querySelector('strong')).toHaveTextContent('重点'));
    expect(live).not.toHaveTextContent('**');
  });
});

describe('a bot page that cannot be shown', () => {
  it('a missing bot: the 404 picture, one message and a 去发现 button, no toast', async () => {
    mockApi({ 'GET /api/v1/bot/5': { code: 10004, msg: '智能体不存在或已下架' } });
    const toast = spyToasts();
    const router = renderChat();
    expect(await screen.findByText('智能体不存在')).toBeInTheDocument();
    expect(screen.getByText('它可能已下架或链接有误')).toBeInTheDocument();
    expect(screen.queryByText(/去发现页看看/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去发现' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bot/discover'));
    expect(toast).not.toHaveBeenCalled();
  });

  it('a server error: says so (not "智能体不存在") and offers a retry that loads the bot', async () => {
    let fail = true;
    mockApi({
      'GET /api/v1/bot/5': () =>
        fail ? { code: 10500, msg: '服务器开小差了，请稍后再试' } : { data: makeBot() },
    });
    const toast = spyToasts();
    renderChat();
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument();
    expect(screen.queryByText('智能体不存在')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('你好，我是写作助手，想写点什么？')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
  });

  it('a network failure: says the network failed, with a retry', async () => {
    const { fetchMock } = mockApi({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    spyToasts();
    renderChat();
    expect(await screen.findByText('网络连接失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });
});
