import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeUser } from '../../../test/fixtures';
import { makeKnowledgeBase, makeKnowledgeList } from '../../../test/knowledge-fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { KNOWLEDGE_POLL_MS } from '../api/get-knowledge-bases';
import KnowledgeStorePage from './knowledge-store-page';

function renderStore() {
  const router = createMemoryRouter(
    [
      { path: '/knowledge-store', element: <KnowledgeStorePage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/knowledge-store'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The action sheet (it has no dialog role), once it shows. */
async function actionSheet(): Promise<HTMLElement> {
  await screen.findByText('查看详情');
  return document.querySelector<HTMLElement>('.adm-action-sheet')!;
}

const where = (router: ReturnType<typeof renderStore>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

afterEach(() => {
  vi.useRealTimers();
  clearLogin();
  localStorage.clear();
});

describe('knowledge store', () => {
  it('logged out: goes to login and comes back here afterwards', async () => {
    const { calls } = mockApi({});
    const router = renderStore();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/knowledge-store');
    expect(calls).toHaveLength(0);
  });

  it('lists the bases with cover, description, documents, size, updated time and usage', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/knowledge': {
        data: makeKnowledgeList(
          [
            makeKnowledgeBase({ id: 1, name: '产品手册', cover: '/media/u/AbCdEfGhIjKlMnOpQrStUv.png' }),
            makeKnowledgeBase({ id: 2, name: '公司制度', description: '', bytes: 3 * 1024 * 1024 + 200_000 }),
          ],
          { usage: { bases: 2, bytes: 12_900_000 } },
        ),
      },
    });
    renderStore();
    const cards = await screen.findAllByTestId('knowledge-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('产品手册');
    expect(cards[0]).toHaveTextContent('灵犀的功能说明和常见问题');
    expect(cards[0]).toHaveTextContent('3 个文档');
    expect(cards[0]).toHaveTextContent('12.3 KB');
    expect(cards[0]).toHaveTextContent('5分钟前更新');
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toContain(
      '/media/u/AbCdEfGhIjKlMnOpQrStUv.png@w',
    );
    expect(within(cards[1]!).getByTestId('default-cover')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('暂无简介');
    expect(cards[1]).toHaveTextContent('3.2 MB');
    expect(screen.getByTestId('knowledge-usage')).toHaveTextContent('已用 2/10 个 · 12.3 MB/50 MB');
    expect(screen.queryByTestId('knowledge-vip-hint')).toBeNull();
    expect(screen.queryByTestId('processing-badge')).toBeNull();
  });

  it('polls every 2 s while documents are processing, and stops once they are done', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    loginAs('tok', makeUser());
    const answers = [
      makeKnowledgeBase({ processing_count: 2 }),
      makeKnowledgeBase({ processing_count: 1 }),
      makeKnowledgeBase({ processing_count: 0, passage_count: 60 }),
    ];
    let served = 0;
    const { calls } = mockApi({
      'GET /api/v1/knowledge': () => ({ data: makeKnowledgeList([answers[Math.min(served++, 2)]!]) }),
    });
    renderStore();
    expect(await screen.findByTestId('processing-badge')).toHaveTextContent('处理中 2');
    const lists = () => calls.filter((c) => c.path === '/api/v1/knowledge').length;
    expect(lists()).toBe(1);
    act(() => void vi.advanceTimersByTime(KNOWLEDGE_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('processing-badge')).toHaveTextContent('处理中 1'));
    act(() => void vi.advanceTimersByTime(KNOWLEDGE_POLL_MS));
    await waitFor(() => expect(screen.queryByTestId('processing-badge')).toBeNull());
    expect(lists()).toBe(3);
    act(() => void vi.advanceTimersByTime(KNOWLEDGE_POLL_MS * 3));
    expect(lists()).toBe(3);
  });

  it('near the limit: a VIP hint leading to the member centre; at the limit, creating explains why', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/knowledge': {
        data: makeKnowledgeList([makeKnowledgeBase()], { usage: { bases: 10, bytes: 1000 } }),
      },
    });
    const router = renderStore();
    expect(await screen.findByTestId('knowledge-vip-hint')).toHaveTextContent(
      '额度已用完，开通会员可提升上限',
    );
    fireEvent.click(screen.getByTestId('knowledge-create'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('知识库数量已达上限');
    expect(dialog).toHaveTextContent('最多可创建 10 个知识库，开通会员可创建更多');
    fireEvent.click(within(dialog).getByText('开通会员'));
    await waitFor(() => expect(where(router)).toBe('/member-center'));
  });

  it('a VIP sees the member quota and no hint', async () => {
    loginAs('tok', makeUser({ is_vip: true }));
    mockApi({
      'GET /api/v1/knowledge': {
        data: makeKnowledgeList([makeKnowledgeBase()], {
          usage: { bases: 9 },
          limits: { vip: true, max_bases: 10 },
        }),
      },
    });
    renderStore();
    expect(await screen.findByTestId('knowledge-usage')).toHaveTextContent('会员额度');
    expect(screen.queryByTestId('knowledge-vip-hint')).toBeNull();
  });

  it('opens a base, edits one from its menu, and deletes after the confirm', async () => {
    loginAs('tok', makeUser());
    let bases = [makeKnowledgeBase({ id: 4, name: '旧资料' })];
    const { calls } = mockApi({
      'GET /api/v1/knowledge': () => ({ data: makeKnowledgeList(bases) }),
      'DELETE /api/v1/knowledge/4': () => {
        bases = [];
        return { data: { ok: true } };
      },
    });
    const router = renderStore();
    fireEvent.click(await screen.findByRole('button', { name: '旧资料' }));
    await waitFor(() => expect(where(router)).toBe('/knowledge-store/detail?id=4'));
    await act(() => router.navigate('/knowledge-store'));

    fireEvent.click(await screen.findByTestId('knowledge-more'));
    fireEvent.click(await screen.findByText('编辑'));
    await waitFor(() => expect(where(router)).toBe('/knowledge-store/edit?id=4'));
    await act(() => router.navigate('/knowledge-store'));

    fireEvent.click(await screen.findByTestId('knowledge-more'));
    const sheet = await actionSheet();
    fireEvent.click(within(sheet).getByText('删除'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('删除知识库「旧资料」？');
    expect(confirm).toHaveTextContent('删除后不可恢复，关联的智能体将不再使用该知识库');
    fireEvent.click(within(confirm).getByText('删除'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('还没有知识库')).toBeInTheDocument();
  });

  it('a long press opens the same menu', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/knowledge': { data: makeKnowledgeList([makeKnowledgeBase({ name: '长按我' })]) },
    });
    renderStore();
    const card = await screen.findByTestId('knowledge-card');
    fireEvent.contextMenu(card);
    const sheet = await actionSheet();
    expect(sheet).toHaveTextContent('长按我');
    expect(sheet).toHaveTextContent('查看详情');
  });

  it('empty: explains and offers to create one', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/knowledge': { data: makeKnowledgeList([]) } });
    const router = renderStore();
    expect(await screen.findByText('还没有知识库')).toBeInTheDocument();
    expect(screen.queryByTestId('knowledge-create')).toBeNull();
    fireEvent.click(screen.getByTestId('knowledge-empty-create'));
    await waitFor(() => expect(where(router)).toBe('/knowledge-store/edit'));
  });
});
