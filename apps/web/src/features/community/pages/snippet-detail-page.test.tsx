import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeSnippet } from '../../../test/snippet-fixtures';
import SnippetDetailPage from './snippet-detail-page';

function renderPage(search = '?snippet=9') {
  const router = createMemoryRouter(
    [
      { path: '/post/detail', element: <SnippetDetailPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [`/post/detail${search}`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('snippet detail', () => {
  it('shows the whole exchange, its bot and note, with 分享到社区', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({ 'GET /api/v1/snippet/9': { data: makeSnippet() } });
    const router = renderPage();
    const detail = await screen.findByTestId('snippet-detail');
    expect(within(detail).getByText('春天的诗')).toBeInTheDocument();
    expect(within(detail).getByText('写作助手')).toBeInTheDocument();
    expect(within(detail).getByText('写得真好')).toBeInTheDocument();
    expect(within(detail).getByText('写一首关于春天的诗')).toBeInTheDocument();
    expect(within(detail).getByText('春风又绿江南岸，明月何时照我还。')).toBeInTheDocument();
    expect(within(detail).getByText(/^2 条消息 · 保存于 /)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/api/v1/snippet/9', headers: { token: 'tok' } });
    fireEvent.click(screen.getByTestId('snippet-share'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/release'));
    expect(router.state.location.search).toBe('?snippet=9');
  });

  it('delete asks, deletes and leaves', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/snippet/9': { data: makeSnippet() },
      'DELETE /api/v1/snippet/9': { data: { ok: true } },
    });
    const router = renderPage();
    await screen.findByTestId('snippet-detail');
    fireEvent.click(screen.getByTestId('snippet-delete'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-snippet'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    // Not fetched again after its deletion.
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it("someone else's snippet (or a deleted one) is a clear empty state, without a toast", async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/snippet/9': { code: 10004, msg: '片段不存在' } });
    const router = renderPage();
    expect(await screen.findByText('片段不存在或已删除')).toBeInTheDocument();
    expect(screen.queryByText('片段不存在')).toBeNull();
    expect(screen.queryByTestId('snippet-share')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看我的片段' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-snippet'));
  });

  it('an id that is no id asks nothing', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({});
    renderPage('?snippet=abc');
    expect(await screen.findByText('片段不存在或已删除')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a network failure offers a retry', async () => {
    loginAs('tok', makeUser());
    let fail = true;
    mockApi({
      'GET /api/v1/snippet/9': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { data: makeSnippet() };
      },
    });
    renderPage();
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByTestId('snippet-detail')).toBeInTheDocument();
  });
});
