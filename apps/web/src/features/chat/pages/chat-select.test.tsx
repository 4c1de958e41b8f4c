import type { ChatMessage } from '@lingxi/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { LONG_PRESS_MS } from '../../../lib/use-long-press';
import { makeBot, makeConversation, makeMessage, makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeSnippet } from '../../../test/snippet-fixtures';
import { sseResponse } from '../../../test/sse';
import ChatPage from './chat-page';

function renderChat() {
  const router = createMemoryRouter(
    [
      { path: '/bot/:id', element: <ChatPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/bot/5'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

/** Conversation 7 with `messages` (oldest first); saving a snippet answers snippet 9. */
function chatWith(messages: ChatMessage[]) {
  loginAs('tok', makeUser());
  return mockApi({
    'GET /api/v1/bot/5': { data: makeBot() },
    'GET /api/v1/conversation': { data: { list: [makeConversation()], next_cursor: null } },
    'GET /api/v1/conversation/7/message': { data: { list: [...messages].reverse(), next_cursor: null } },
    'POST /api/v1/snippet': { data: makeSnippet({ id: 9 }) },
  });
}

const EXCHANGE = [
  makeMessage({ id: 1, role: 'user', content: '写一首关于春天的诗' }),
  makeMessage({ id: 2, content: '春风又绿江南岸，明月何时照我还。' }),
  makeMessage({ id: 3, role: 'user', content: '再来一首' }),
  makeMessage({ id: 4, content: '写到一半', status: 'streaming' }),
];

const row = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;
const bubbleOf = (id: number) => row(id).querySelector<HTMLElement>('.lx-msg__bubble')!;

async function longPress(element: HTMLElement) {
  fireEvent.pointerDown(element);
  await act(() => new Promise((resolve) => setTimeout(resolve, LONG_PRESS_MS + 60)));
  fireEvent.pointerUp(element);
  // Entering select mode redraws nothing: the pressed bubble is the same node, so the click that ends the press
  // reaches the row, which swallows it rather than un-ticking what was just chosen.
  expect(element.isConnected).toBe(true);
  fireEvent.click(element);
}

describe('chat select mode', () => {
  it('long-press a bubble: checkboxes, the pressed one chosen, the composer hidden; streaming ones cannot be chosen', async () => {
    chatWith(EXCHANGE);
    renderChat();
    await screen.findByText('再来一首');
    expect(screen.queryByTestId('select-bar')).toBeNull();

    await longPress(bubbleOf(3));
    const bar = await screen.findByTestId('select-bar');
    expect(bar).toHaveTextContent('已选 1 条');
    expect(screen.getByTestId('chat-input').closest('[hidden]')).not.toBeNull();
    const rows = screen.getAllByTestId('select-row');
    expect(rows).toHaveLength(4);
    expect(row(3)).toHaveAttribute('aria-checked', 'true');
    expect(row(4)).toHaveAttribute('aria-disabled', 'true');

    fireEvent.click(row(1));
    fireEvent.click(row(4));
    expect(bar).toHaveTextContent('已选 2 条');
    expect(row(1)).toHaveAttribute('aria-checked', 'true');
    expect(row(4)).toHaveAttribute('aria-checked', 'false');

    fireEvent.click(row(3));
    expect(bar).toHaveTextContent('已选 1 条');

    fireEvent.click(within(bar).getByText('取消'));
    expect(screen.queryByTestId('select-bar')).toBeNull();
    expect(screen.queryAllByTestId('select-row')).toHaveLength(0);
    expect(screen.getByTestId('chat-input').closest('[hidden]')).toBeNull();
  });

  it('a short press is a tap, not a long press', async () => {
    chatWith(EXCHANGE);
    renderChat();
    await screen.findByText('再来一首');
    fireEvent.pointerDown(bubbleOf(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    fireEvent.pointerUp(bubbleOf(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, LONG_PRESS_MS)));
    expect(screen.queryByTestId('select-bar')).toBeNull();
  });

  it('saves the chosen messages in conversation order, with the title from the first one and a note', async () => {
    const { calls } = chatWith(EXCHANGE);
    const router = renderChat();
    await screen.findByText('再来一首');
    // 多选 on the reply (2), then the question before it (1): the snippet keeps the conversation's order.
    fireEvent.click(within(row(2)).getByTestId('select-messages'));
    fireEvent.click(row(1));
    expect(screen.getByTestId('select-bar')).toHaveTextContent('已选 2 条');

    fireEvent.click(screen.getByTestId('select-save'));
    const popup = await screen.findByTestId('save-snippet-popup');
    expect(
      within(popup).getByText('将保存所选的 2 条消息，之后修改或删除对话不会影响片段'),
    ).toBeInTheDocument();
    const title = within(screen.getByTestId('snippet-title')).getByRole('textbox');
    expect(title).toHaveValue('写一首关于春天的诗');
    fireEvent.change(title, { target: { value: '  春天  ' } });
    fireEvent.change(within(screen.getByTestId('snippet-note')).getByRole('textbox'), {
      target: { value: '给孩子的诗' },
    });
    fireEvent.click(within(popup).getByTestId('snippet-save'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('已保存到我的片段')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/snippet');
    expect(sent?.body).toEqual({
      conversation_id: 7,
      message_ids: [1, 2],
      title: '春天',
      note: '给孩子的诗',
    });
    expect(screen.queryByTestId('select-bar')).toBeNull();

    fireEvent.click(within(dialog).getByText('分享到社区'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/release'));
    expect(router.state.location.search).toBe('?snippet=9');
  });

  it('the title must be there and fit 40 characters', async () => {
    const { calls } = chatWith(EXCHANGE);
    renderChat();
    await screen.findByText('再来一首');
    await longPress(bubbleOf(1));
    fireEvent.click(screen.getByTestId('select-save'));
    const popup = await screen.findByTestId('save-snippet-popup');
    const title = within(screen.getByTestId('snippet-title')).getByRole('textbox');
    const save = within(popup).getByTestId('snippet-save');
    fireEvent.change(title, { target: { value: '   ' } });
    expect(save).toBeDisabled();
    fireEvent.change(title, { target: { value: '👍🏻'.repeat(41) } });
    expect(within(popup).getByText('41/40')).toHaveClass('lx-save-snippet__count--over');
    expect(save).toBeDisabled();
    fireEvent.change(title, { target: { value: '👍🏻'.repeat(40) } });
    expect(within(popup).getByText('40/40')).not.toHaveClass('lx-save-snippet__count--over');
    expect(save).toBeEnabled();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/snippet')).toBe(false);
  });

  it('text stays selectable: only a held press (and select mode) turns selection off', async () => {
    chatWith(EXCHANGE);
    renderChat();
    await screen.findByText('再来一首');
    expect(row(3)).not.toHaveAttribute('data-pressing');
    fireEvent.pointerDown(bubbleOf(3));
    expect(row(3)).toHaveAttribute('data-pressing');
    fireEvent.pointerUp(bubbleOf(3));
    expect(row(3)).not.toHaveAttribute('data-pressing');
  });

  it('leaving the conversation leaves select mode: coming back shows no ticks and the composer', async () => {
    chatWith(EXCHANGE);
    mockApi({
      'GET /api/v1/bot/5': { data: makeBot() },
      'GET /api/v1/conversation': { data: { list: [makeConversation()], next_cursor: null } },
      'GET /api/v1/conversation/7/message': { data: { list: [...EXCHANGE].reverse(), next_cursor: null } },
      'GET /api/v1/conversation/8/message': {
        data: {
          list: [makeMessage({ id: 11, conversation_id: 8, content: '另一段对话' })],
          next_cursor: null,
        },
      },
    });
    const router = renderChat();
    await screen.findByText('再来一首');
    await longPress(bubbleOf(3));
    expect(await screen.findByTestId('select-bar')).toBeInTheDocument();

    await act(() => router.navigate('/bot/5?conversation=8'));
    await screen.findByText('另一段对话');
    expect(screen.queryByTestId('select-bar')).toBeNull();
    await act(() => router.navigate('/bot/5?conversation=7'));
    await screen.findByText('再来一首');
    expect(screen.queryByTestId('select-bar')).toBeNull();
    expect(screen.queryAllByTestId('select-row')).toHaveLength(0);
    expect(screen.getByTestId('chat-input').closest('[hidden]')).toBeNull();
  });

  it('not while a reply streams: the composer keeps its 停止', async () => {
    loginAs('tok', makeUser({ chips: 50 }));
    let stream: ReturnType<typeof sseResponse> | null = null;
    mockApi({
      'GET /api/v1/bot/5': { data: makeBot() },
      'GET /api/v1/conversation': { data: { list: [makeConversation()], next_cursor: null } },
      'GET /api/v1/conversation/7/message': {
        data: { list: [...EXCHANGE.slice(0, 2)].reverse(), next_cursor: null },
      },
      'POST /api/v1/conversation/7/message': (call: Call) => {
        stream = sseResponse(call.signal);
        return stream.response;
      },
    });
    renderChat();
    await screen.findByText('春风又绿江南岸，明月何时照我还。');
    expect(within(row(2)).getByTestId('select-messages')).toBeInTheDocument();
    fireEvent.change(document.querySelector('#lx-chat-input')!, { target: { value: '再写一首' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(stream).not.toBeNull());
    expect(within(row(2)).queryByTestId('select-messages')).toBeNull();
    await longPress(bubbleOf(1));
    expect(screen.queryByTestId('select-bar')).toBeNull();
    expect(screen.getByTestId('chat-stop')).toBeVisible();
  });

  it(`stops at SNIPPET_MESSAGES_MAX with a toast`, async () => {
    const many = Array.from({ length: 51 }, (_, i) =>
      makeMessage({ id: i + 1, role: 'user', content: `消息 ${i + 1}` }),
    );
    chatWith(many);
    renderChat();
    await screen.findByText('消息 51');
    await longPress(bubbleOf(1));
    for (let id = 2; id <= 50; id++) fireEvent.click(row(id));
    expect(screen.getByTestId('select-bar')).toHaveTextContent('已选 50 条');
    fireEvent.click(row(51));
    expect(await screen.findByText('一个片段最多 50 条消息')).toBeInTheDocument();
    expect(screen.getByTestId('select-bar')).toHaveTextContent('已选 50 条');
    expect(row(51)).toHaveAttribute('aria-checked', 'false');
  });
});
