import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { profileQueryOptions } from '../../../lib/api/get-user';
import { clearLogin } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { loginAs } from '../../../test/login';
import { makeBot, makeConversation, makeMessage, makeUser } from '../../../test/fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { sseResponse } from '../../../test/sse';
import ChatPage from './chat-page';

let queryClient: QueryClient;

function renderChat(path = '/bot/5') {
  const router = createMemoryRouter(
    [
      { path: '/bot/:id', element: <ChatPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  queryClient = renderWithProviders(<RouterProvider router={router} />).queryClient;
  return router;
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

const page = (list: unknown[], next: string | null = null) => ({ data: { list, next_cursor: next } });
const input = () => document.querySelector<HTMLTextAreaElement>('#lx-chat-input')!;

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

/** A logged-in user with one earlier conversation (7) holding one exchange; sending streams from `stream`. */
function loggedInChat() {
  loginAs('tok', makeUser({ chips: 50 }));
  let stream: ReturnType<typeof sseResponse> | null = null;
  const api = mockApi({
    'GET /api/v1/bot/5': { data: makeBot() },
    'GET /api/v1/conversation': page([makeConversation()]),
    'GET /api/v1/conversation/7/message': page([
      makeMessage({ id: 2, content: '上一次的回复' }),
      makeMessage({ id: 1, role: 'user', content: '上一次的问题' }),
    ]),
    'POST /api/v1/conversation/7/message': (call: Call) => {
      stream = sseResponse(call.signal);
      return stream.response;
    },
    'POST /api/v1/conversation/7/regenerate': (call: Call) => {
      stream = sseResponse(call.signal);
      return stream.response;
    },
  });
  return { ...api, stream: () => stream! };
}

const userMessage = makeMessage({ id: 3, role: 'user', content: '写一首诗' });

describe('chat page', () => {
  it('logged out: shows the greeting and the three suggested questions', async () => {
    mockApi({ 'GET /api/v1/bot/5': { data: makeBot() } });
    renderChat();
    expect(await screen.findByText('你好，我是写作助手，想写点什么？')).toBeInTheDocument();
    expect(screen.getAllByTestId('suggested-question').map((b) => b.textContent)).toEqual([
      '写一首关于春天的诗',
      '帮我润色一段文字',
      '起一个好听的标题',
    ]);
    expect(screen.getByText('写作助手')).toBeInTheDocument();
  });

  it('opens the newest conversation of this bot and shows its messages', async () => {
    loggedInChat();
    renderChat();
    expect(await screen.findByText('上一次的问题')).toBeInTheDocument();
    expect(screen.getByText('上一次的回复')).toBeInTheDocument();
    expect(screen.queryByTestId('suggested-questions')).not.toBeInTheDocument();
  });

  it('sends, streams the deltas into the live bubble, then shows the finished reply', async () => {
    const api = loggedInChat();
    renderChat();
    await screen.findByText('上一次的回复');
    type('写一首诗');
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(api.stream()).not.toBeNull());
    expect(screen.getByTestId('chat-stop')).toBeInTheDocument();
    expect(screen.getByText('写一首诗')).toBeInTheDocument();

    act(() => {
      api
        .stream()
        .send('start', { conversation_id: 7, user_message: userMessage, message_id: 4, model: 'offline' });
      api.stream().send('delta', { text: '春风' });
      api.stream().send('delta', { text: '又绿江南岸' });
    });
    const live = await screen.findByTestId('assistant-bubble-live');
    await waitFor(() => expect(live).toHaveTextContent('春风又绿江南岸'));

    act(() => {
      api.stream().send('done', {
        message: makeMessage({ id: 4, content: '春风又绿江南岸，明月何时照我还。' }),
        usage: { prompt_tokens: 10, completion_tokens: 10 },
        finish_reason: 'stop',
        chips_charged: 1,
        balance: 49,
      });
      api.stream().end();
    });
    expect(await screen.findByText('春风又绿江南岸，明月何时照我还。')).toBeInTheDocument();
    expect(screen.queryByTestId('assistant-bubble-live')).not.toBeInTheDocument();
    expect(screen.getByTestId('chat-send')).toBeInTheDocument();
    // The new balance is the profile's, wherever it is read next (and the device's copy of it).
    expect((await queryClient.ensureQueryData(profileQueryOptions('tok'))).chips).toBe(49);
    expect(storage.getUserInfo()?.chips).toBe(49);
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === '/api/v1/conversation/7/message');
    expect(sent?.body).toEqual({ content: '写一首诗' });
    expect(sent?.headers.token).toBe('tok');
    // The reply said everything: its request ends by itself, it is not cut (net::ERR_ABORTED in a browser).
    expect(sent?.signal?.aborted).toBe(false);
  });

  it('tapping a suggested question on a new topic creates the conversation and sends it', async () => {
    loginAs('tok', makeUser());
    let stream: ReturnType<typeof sseResponse> | null = null;
    const { calls } = mockApi({
      'GET /api/v1/bot/5': { data: makeBot() },
      'GET /api/v1/conversation': page([]),
      'POST /api/v1/conversation': { data: makeConversation({ id: 9, message_count: 0 }) },
      'POST /api/v1/conversation/9/message': (call: Call) => {
        stream = sseResponse(call.signal);
        return stream.response;
      },
    });
    const router = renderChat();
    fireEvent.click(await screen.findByText('帮我润色一段文字'));
    await waitFor(() => expect(stream).not.toBeNull());
    expect(calls.find((c) => c.path === '/api/v1/conversation' && c.method === 'POST')?.body).toEqual({
      bot_id: 5,
    });
    expect(router.state.location.search).toBe('?conversation=9');
    expect(screen.getByTestId('user-bubble')).toHaveTextContent('帮我润色一段文字');
  });

  it('stop aborts the stream and keeps the partial reply marked 已停止', async () => {
    const api = loggedInChat();
    renderChat();
    await screen.findByText('上一次的回复');
    type('写一首诗');
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(api.stream()).not.toBeNull());
    act(() => {
      api
        .stream()
        .send('start', { conversation_id: 7, user_message: userMessage, message_id: 4, model: 'offline' });
      api.stream().send('delta', { text: '春风又绿' });
    });
    await waitFor(() => expect(screen.getByTestId('assistant-bubble-live')).toHaveTextContent('春风又绿'));
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === '/api/v1/conversation/7/message');
    fireEvent.click(screen.getByTestId('chat-stop'));
    expect(sent?.signal?.aborted).toBe(true);
    expect(await screen.findByTestId('stopped-mark')).toHaveTextContent('已停止');
    expect(screen.getByText('春风又绿')).toBeInTheDocument();
    expect(screen.getByTestId('chat-send')).toBeInTheDocument();
  });

  it('insufficient chips: the refusal opens a dialog leading to the member centre, and the text comes back', async () => {
    loginAs('tok', makeUser({ chips: 0 }));
    mockApi({
      'GET /api/v1/bot/5': { data: makeBot() },
      'GET /api/v1/conversation': page([makeConversation()]),
      'GET /api/v1/conversation/7/message': page([]),
      'POST /api/v1/conversation/7/message': { code: 30001, msg: '芯片余额不足' },
    });
    const router = renderChat();
    await screen.findByText('你好，我是写作助手，想写点什么？');
    type('写一首诗');
    fireEvent.click(screen.getByTestId('chat-send'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('芯片不足')).toBeInTheDocument();
    await waitFor(() => expect(input().value).toBe('写一首诗'));
    fireEvent.click(within(dialog).getByText('前往会员中心'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member-center'));
    // After paying, the member centre leads back to this conversation.
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/bot/5?conversation=7');
  });

  it('regenerate replaces the last reply with a new stream', async () => {
    const api = loggedInChat();
    renderChat();
    await screen.findByText('上一次的回复');
    fireEvent.click(screen.getByTestId('regenerate'));
    await waitFor(() => expect(api.stream()).not.toBeNull());
    expect(screen.queryByText('上一次的回复')).not.toBeInTheDocument();
    act(() => {
      api.stream().send('start', { conversation_id: 7, user_message: null, message_id: 5, model: 'offline' });
      api.stream().send('delta', { text: '换一个说法' });
      api.stream().send('done', {
        message: makeMessage({ id: 5, content: '换一个说法的回复' }),
        usage: { prompt_tokens: 1, completion_tokens: 1 },
        finish_reason: 'stop',
        chips_charged: 1,
        balance: 48,
      });
      api.stream().end();
    });
    expect(await screen.findByText('换一个说法的回复')).toBeInTheDocument();
    expect(screen.queryByText('上一次的回复')).not.toBeInTheDocument();
    expect(screen.getByText('上一次的问题')).toBeInTheDocument();
  });

  it('a failed reply shows its error and a retry that regenerates', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/bot/5': { data: makeBot() },
      'GET /api/v1/conversation': page([makeConversation()]),
      'GET /api/v1/conversation/7/message': page([
        makeMessage({ id: 2, status: 'failed', content: '写到一半', error: '模型服务暂时不可用' }),
        makeMessage({ id: 1, role: 'user', content: '问题' }),
      ]),
      'POST /api/v1/conversation/7/regenerate': (call: Call) => sseResponse(call.signal).response,
    });
    renderChat();
    expect(await screen.findByText('模型服务暂时不可用')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('retry-reply'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/conversation/7/regenerate')).toBe(true));
  });

  it('thumbs up rates the reply', async () => {
    const api = loggedInChat();
    const { calls } = api;
    renderChat();
    await screen.findByText('上一次的回复');
    fireEvent.click(screen.getByTestId('rate-up'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/v1/message/2/rating',
        body: { rating: 1 },
      }),
    );
  });
});
