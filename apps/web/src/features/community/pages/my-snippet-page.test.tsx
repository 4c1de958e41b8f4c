import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { loginAs } from '../../../test/login';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { makeSnippet } from '../../../test/snippet-fixtures';
import MySnippetPage from './my-snippet-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/user/my-snippet', element: <MySnippetPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/user/my-snippet'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

// jsdom has no layout (no offsetParent, every rect at 0): make the list's end count as visible, so it pages.
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
});
afterEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
  clearLogin();
  localStorage.clear();
});

const FIRST = makeSnippet({ id: 9, title: '春天的诗', note: '写得真好' });
const SECOND = makeSnippet({ id: 8, title: '旅行计划', note: '', message_count: 6 });

/** Two pages of snippets; the list and each snippet answer from `state`, so changes show on refetch. */
function snippetServer() {
  loginAs('tok', makeUser());
  const state = { snippets: [FIRST, SECOND] };
  const api = mockApi({
    'GET /api/v1/snippet': (call) =>
      call.query.get('cursor')
        ? { data: { list: state.snippets.slice(1), next_cursor: null } }
        : {
            data: { list: state.snippets.slice(0, 1), next_cursor: state.snippets.length > 1 ? 'c1' : null },
          },
    'PUT /api/v1/snippet/9': (call) => {
      state.snippets = state.snippets.map((s) =>
        s.id === 9 ? { ...s, ...(call.body as Record<string, string>) } : s,
      );
      return { data: state.snippets.find((s) => s.id === 9) };
    },
    'DELETE /api/v1/snippet/9': () => {
      state.snippets = state.snippets.filter((s) => s.id !== 9);
      return { data: { ok: true } };
    },
  });
  return { ...api, state };
}

const card = (id: number) =>
  screen.getAllByTestId('my-snippet').find((el) => el.dataset.snippetId === String(id))!;

/** Opens a snippet's ··· sheet (it has no dialog role) and picks `action`. */
async function pick(id: number, action: string) {
  fireEvent.click(within(card(id)).getByTestId('my-snippet-more'));
  await screen.findByText('重命名');
  const sheet = document.querySelector<HTMLElement>('.adm-action-sheet')!;
  fireEvent.click(within(sheet).getByText(action));
}

describe('我的片段', () => {
  it('logged out: goes to login and comes back here', async () => {
    mockApi({});
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/my-snippet');
  });

  it('lists the snippets page by page with their note and date; a tap opens the snippet', async () => {
    snippetServer();
    const router = renderPage();
    expect(await screen.findByText('春天的诗')).toBeInTheDocument();
    expect(within(card(9)).getByText('写得真好')).toBeInTheDocument();
    expect(within(card(9)).getByText(/^保存于 /)).toBeInTheDocument();
    expect(await screen.findByText('旅行计划')).toBeInTheDocument();
    expect(within(card(8)).getByText('6 条消息')).toBeInTheDocument();
    fireEvent.click(within(card(9)).getByText('春天的诗'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/detail'));
    expect(router.state.location.search).toBe('?snippet=9');
  });

  it('an empty list explains how to save one', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/snippet': { data: { list: [], next_cursor: null } } });
    renderPage();
    expect(await screen.findByText('还没有片段')).toBeInTheDocument();
    expect(screen.getByText(/在对话中长按消息 → 多选/)).toBeInTheDocument();
  });

  it('rename: a dialog with the title, PUT with the new one, the list shows it', async () => {
    const { calls } = snippetServer();
    renderPage();
    await screen.findByText('春天的诗');
    await pick(9, '重命名');
    const dialog = await screen.findByTestId('snippet-edit');
    const input = within(dialog).getByRole('textbox');
    expect(input).toHaveValue('春天的诗');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
    fireEvent.change(input, { target: { value: ' 江南春 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('江南春')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ path: '/api/v1/snippet/9', body: { title: '江南春' } });
  });

  it('编辑备注: PUT with the note only', async () => {
    const { calls } = snippetServer();
    renderPage();
    await screen.findByText('春天的诗');
    await pick(9, '编辑备注');
    const dialog = await screen.findByTestId('snippet-edit');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '收藏给孩子' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('收藏给孩子')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ note: '收藏给孩子' });
  });

  it('share opens the release page with the snippet', async () => {
    snippetServer();
    const router = renderPage();
    await screen.findByText('春天的诗');
    await pick(9, '分享到社区');
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/release'));
    expect(router.state.location.search).toBe('?snippet=9');
  });

  it('delete asks first, then the snippet leaves the list', async () => {
    const { calls } = snippetServer();
    renderPage();
    await screen.findByText('春天的诗');
    await pick(9, '删除');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('删除这个片段？')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已删除')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('春天的诗')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v1/snippet/9']);
    expect(screen.getByText('旅行计划')).toBeInTheDocument();
  });
});
