import '../../test-i18n';
import type { AdminCatalogueBot, AdminCategory } from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import CataloguePage from './catalogue-page';

const category = (id: string, name: string, bot_count: number, sort: number): AdminCategory => ({
  id,
  name,
  icon: '',
  sort,
  bot_count,
  translations: {},
});
const CATEGORIES = [
  category('writing', '写作', 4, 1),
  category('study', '学习', 0, 2),
  category('fun', '娱乐', 2, 3),
];

const catalogueBot = (id: number, name: string, o: Partial<AdminCatalogueBot> = {}): AdminCatalogueBot => ({
  id,
  name,
  avatar: '/media/avatars/bot/x.svg',
  intro: '简介',
  category: 'writing',
  tags: [],
  is_system: true,
  creator: null,
  stats: { chats: 1, users: 1, favourites: 0 },
  status: 'published',
  visibility: 'public',
  listed: true,
  featured: false,
  featured_sort: 0,
  discover_pinned: true,
  discover_sort: id,
  ...o,
});

function renderAt(path: string, routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /api/v1/admin/category': { data: { list: CATEGORIES } }, ...routes });
  const router = createMemoryRouter([{ path: '/admin/catalogue', element: <CataloguePage /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return api;
}

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the catalogue page', () => {
  it('moves a category down: the whole new order goes to the server, and the list shows it at once', async () => {
    const api = renderAt('/admin/catalogue?tab=categories', {
      'PUT /api/v1/admin/category/order': (call) => ({
        data: { list: (call.body as { ids: string[] }).ids.map((id) => CATEGORIES.find((c) => c.id === id)) },
      }),
    });
    await screen.findByText('写作');
    fireEvent.click(within(row('写作')).getByRole('button', { name: '下移' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ ids: ['study', 'writing', 'fun'] });
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).queryByText(/写作|学习|娱乐/)?.textContent);
    expect(names).toEqual(['学习', '写作', '娱乐']);
  });

  it('offers deleting only an empty category', async () => {
    renderAt('/admin/catalogue?tab=categories', {});
    await screen.findByText('写作');
    expect(within(row('写作')).getByRole('button', { name: /删除/ })).toBeDisabled();
    expect(within(row('学习')).getByRole('button', { name: /删除/ })).toBeEnabled();
  });

  it('adds a bot to discover’s pins from the picker; pinned ones are not offered again', async () => {
    const pinned = catalogueBot(5, '已置顶的');
    const api = renderAt('/admin/catalogue?tab=discover', {
      'GET /api/v1/admin/featured/discover': { data: { list: [pinned] } },
      'GET /api/v1/admin/catalogue/bot': {
        data: { list: [pinned, catalogueBot(9, '新来的', { discover_pinned: false })], total: 2 },
      },
      'POST /api/v1/admin/featured/discover': {
        data: { list: [pinned, catalogueBot(9, '新来的')] },
      },
    });
    await screen.findByText('已置顶的');
    fireEvent.click(screen.getByRole('button', { name: /添加智能体/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('新来的');
    expect(within(within(dialog).getByText('已置顶的').closest('tr')!).getByRole('button')).toBeDisabled();
    fireEvent.click(
      within(within(dialog).getByText('新来的').closest('tr')!).getByRole('button', { name: /添\s*加/ }),
    );
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ body: { bot_id: 9 } }),
    );
    await waitFor(() =>
      expect(within(dialog).getByText('新来的').closest('tr')!.querySelector('button')).toBeDisabled(),
    );
  });
});
