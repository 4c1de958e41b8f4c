import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Citation } from '@lingxi/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeBot, makeConversation, makeMessage, makeUser } from '../../../test/fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { sseResponse } from '../../../test/sse';
import ChatPage from './chat-page';

const cited: Citation[] = [
  {
    index: 1,
    document: '售后政策.md',
    heading: '退货',
    passage: '商品签收后七天内可以无理由退货。',
    score: 0.03,
  },
];

function renderChat() {
  const router = createMemoryRouter([{ path: '/bot/:id', element: <ChatPage /> }], {
    initialEntries: ['/bot/5'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('chat: citations', () => {
  it('from history and from the done event of a new reply; tapping shows the passage', async () => {
    loginAs('tok', makeUser({ chips: 50 }));
    let stream: ReturnType<typeof sseResponse> | null = null;
    mockApi({
      'GET /api/v1/bot/5': { data: makeBot() },
      'GET /api/v1/conversation': { data: { list: [makeConversation()], next_cursor: null } },
      'GET /api/v1/conversation/7/message': {
        data: {
          list: [
            makeMessage({ id: 2, content: '可以退货[1]。', citations: cited }),
            makeMessage({ id: 1, role: 'user', content: '能退货吗？' }),
          ],
          next_cursor: null,
        },
      },
      'POST /api/v1/conversation/7/message': (call: Call) => {
        stream = sseResponse(call.signal);
        return stream.response;
      },
    });
    renderChat();
    expect(await screen.findByTestId('citations-row')).toHaveTextContent('参考资料 1');

    fireEvent.change(document.querySelector('#lx-chat-input')!, { target: { value: '几天内？' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(stream).not.toBeNull());
    act(() => {
      stream!.send('start', {
        conversation_id: 7,
        user_message: makeMessage({ id: 3, role: 'user', content: '几天内？' }),
        message_id: 4,
        model: 'offline',
      });
      stream!.send('delta', { text: '七天内[1][2]。' });
      stream!.send('done', {
        message: makeMessage({
          id: 4,
          content: '七天内[1][2]。',
          citations: [
            ...cited,
            { ...cited[0]!, index: 2, document: '常见问题.txt', passage: '运费由卖家承担。' },
          ],
        }),
        usage: { prompt_tokens: 10, completion_tokens: 10 },
        finish_reason: 'stop',
        chips_charged: 1,
        balance: 49,
      });
      stream!.end();
    });
    await waitFor(() => expect(screen.getAllByTestId('citations-row')).toHaveLength(2));
    expect(screen.getAllByTestId('citations-row')[1]).toHaveTextContent('参考资料 2');
    fireEvent.click(screen.getAllByTestId('cite-marker').at(-1)!);
    const sheet = await screen.findByTestId('citations-sheet');
    expect(within(sheet).getAllByTestId('citation')[1]).toHaveTextContent('运费由卖家承担。');
  });
});
