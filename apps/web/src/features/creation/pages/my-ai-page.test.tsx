import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyBot } from '@lingxi/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeMyBot, makeUser } from '../../../test/fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import MyAiPage from './my-ai-page';

function renderMyAi() {
  const router = createMemoryRouter(
    [
      { path: '/user/my-ai', element: <MyAiPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/user/my-ai'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const page = (list: MyBot[]) => ({ data: { list, next_cursor: null } });

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('my agents', () => {
  it('shows each status, the reason of a rejection and chat counts', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/bot/mine': page([
        makeMyBot({ id: 1, name: '甲', status: 'draft' }),
        makeMyBot({ id: 2, name: '乙', status: 'pending_review', visibility: 'public' }),
        makeMyBot({ id: 3, name: '丙', status: 'published', visibility: 'public' }),
        makeMyBot({
          id: 4,
          name: '丁',
          status: 'rejected',
          visibility: 'public',
          reject_reason: '含有敏感词',
        }),
        makeMyBot({ id: 5, name: '戊', status: 'published', visibility: 'public', pending_edit: true }),
      ]),
    });
    renderMyAi();
    const cards = await screen.findAllByTestId('my-bot-card');
    expect(cards.map((c) => within(c).getByTestId('bot-status').textContent)).toEqual([
      '私密',
      '审核中',
      '已发布',
      '未通过',
      '修改审核中',
    ]);
    expect(within(cards[3]!).getByTestId('reject-reason')).toHaveTextContent('未通过原因：含有敏感词');
    expect(cards[0]).toHaveTextContent('12 次对话');
  });

  it('publishes a private bot after explaining the review, and makes a public one private', async () => {
    loginAs('tok', makeUser());
    let bots = [
      makeMyBot({ id: 1, status: 'draft' }),
      makeMyBot({ id: 2, status: 'published', visibility: 'public' }),
    ];
    const { calls } = mockApi({
      'GET /api/v1/bot/mine': () => page(bots),
      'PUT /api/v1/bot/1/visibility': () => {
        bots = bots.map((b) => (b.id === 1 ? { ...b, visibility: 'public', status: 'pending_review' } : b));
        return { data: bots[0] };
      },
      'PUT /api/v1/bot/2/visibility': (call: Call) => {
        bots = bots.map((b) => (b.id === 2 ? { ...b, visibility: 'private', status: 'draft' } : b));
        return { data: { ...bots[1], echoed: call.body } };
      },
    });
    renderMyAi();
    const cards = await screen.findAllByTestId('my-bot-card');
    fireEvent.click(within(cards[0]!).getByTestId('my-bot-visibility'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('需要通过平台审核');
    fireEvent.click(within(dialog).getAllByText('公开发布').at(-1)!);
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('bot-status')[0]).toHaveTextContent('审核中'));
    expect(calls.find((c) => c.path === '/api/v1/bot/1/visibility')?.body).toEqual({ visibility: 'public' });

    fireEvent.click(within(screen.getAllByTestId('my-bot-card')[1]!).getByTestId('my-bot-visibility'));
    dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.click(within(dialog).getAllByText('设为私密').at(-1)!);
    await waitFor(() => expect(screen.getAllByTestId('bot-status')[1]).toHaveTextContent('私密'));
    expect(calls.find((c) => c.path === '/api/v1/bot/2/visibility')?.body).toEqual({ visibility: 'private' });
  });

  it('deletes after a confirm; chat and edit open their pages', async () => {
    loginAs('tok', makeUser());
    let bots = [makeMyBot({ id: 7 })];
    const { calls } = mockApi({
      'GET /api/v1/bot/mine': () => page(bots),
      'DELETE /api/v1/bot/7': () => {
        bots = [];
        return { data: { ok: true } };
      },
    });
    const router = renderMyAi();
    fireEvent.click(await screen.findByTestId('my-bot-edit'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/bot/edit?id=7'),
    );
    await router.navigate('/user/my-ai');
    fireEvent.click(await screen.findByTestId('my-bot-chat'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bot/7'));
    await router.navigate('/user/my-ai');
    fireEvent.click(await screen.findByTestId('my-bot-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('删除后不可恢复');
    fireEvent.click(within(dialog).getByText('删除'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('还没有创建智能体')).toBeInTheDocument();
  });

  it('empty: a create button; the floating button creates too', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/bot/mine': page([]) });
    const router = renderMyAi();
    fireEvent.click(await screen.findByTestId('my-ai-empty-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bot/edit'));
  });
});
