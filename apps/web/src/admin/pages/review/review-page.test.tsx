import '../../test-i18n';
import type { AdminBotReviewItem } from '@lingxi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, type Call } from '../../../test/mock-api';
import ReviewPage from './review-page';

function bot(id: number, name: string): AdminBotReviewItem {
  return {
    id,
    name,
    avatar: '/media/avatars/bot/x.svg',
    intro: `${name}的简介`,
    category: 'life',
    tags: ['测试'],
    is_system: false,
    creator: { id: 7, nickname: '创作者', avatar: '' },
    stats: { chats: 0, users: 0, favourites: 0 },
    persona: '你是一个用于测试的智能体，回答简洁。',
    greeting: '你好',
    questions: ['你能做什么？'],
    model_id: null,
    temperature: 0.7,
    knowledge_base_ids: [],
    visibility: 'public',
    status: 'pending_review',
    pending_edit: false,
    reject_reason: null,
    updated_at: '2026-11-24T01:00:00.000Z',
    creator_id: 7,
    submitted_at: '2026-11-24T01:00:00.000Z',
    live: null,
  };
}

/** The page on `/admin/review?tab=bots` with an API whose decision answers come from `answer`. */
function renderPage(
  answer: (call: Call) => { code?: number; msg?: string } | Promise<{ code?: number; msg?: string }>,
) {
  const api = mockApi({
    'GET /api/v1/admin/review/counts': { data: { bots: 2, posts: 5, comments: 0, reports: 1 } },
    'GET /api/v1/admin/review/bot': {
      data: { list: [bot(1, '甲助手'), bot(2, '乙助手')], next_cursor: null },
    },
    'GET /api/v1/admin/category': {
      data: { list: [{ id: 'life', name: '生活', icon: '', sort: 1, bot_count: 3 }] },
    },
    'POST /api/v1/admin/review/bot/1': answer,
    'POST /api/v1/admin/review/bot/2': answer,
  });
  const router = createMemoryRouter([{ path: '/admin/review', element: <ReviewPage /> }], {
    initialEntries: ['/admin/review?tab=bots'],
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

const card = (name: string) => screen.getByText(name).closest('.review-card') as HTMLElement;

describe('the review page', () => {
  it('shows each queue’s count on its tab, and the bots waiting', async () => {
    renderPage(() => ({ data: null }) as never);
    expect(await screen.findByText('甲助手')).toBeInTheDocument();
    expect(screen.getByText('乙助手')).toBeInTheDocument();
    const postsTab = screen.getByRole('tab', { name: /帖子/ });
    await waitFor(() => expect(within(postsTab).getByText('5')).toBeInTheDocument());
  });

  it('takes a decided bot off the list at once, before the server answers', async () => {
    let release: (v: { code: number }) => void = () => undefined;
    const api = renderPage(() => new Promise((r) => (release = r)));
    await screen.findByText('甲助手');
    fireEvent.click(within(card('甲助手')).getByRole('button', { name: /通过并上架/ }));
    await waitFor(() => expect(screen.queryByText('甲助手')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ decision: 'approve' });
    release({ code: 0 });
    expect(screen.getByText('乙助手')).toBeInTheDocument();
  });

  it('keeps it off when another operator decided it meanwhile, and puts it back on any other failure', async () => {
    const answers = [
      { code: 10009, msg: '该智能体不在审核队列中' },
      { code: 10500, msg: '服务器开小差了' },
    ];
    renderPage(() => answers.shift()!);
    await screen.findByText('甲助手');
    fireEvent.click(within(card('甲助手')).getByRole('button', { name: /通过并上架/ }));
    await waitFor(() => expect(screen.queryByText('甲助手')).not.toBeInTheDocument());
    fireEvent.click(within(card('乙助手')).getByRole('button', { name: /通过并上架/ }));
    // The refused decision of 乙 brings it back; 甲, decided elsewhere, stays gone.
    await waitFor(() => expect(screen.getByText('乙助手')).toBeInTheDocument());
    expect(screen.queryByText('甲助手')).not.toBeInTheDocument();
  });

  it('rejects with a preset reason and the operator’s words after it', async () => {
    const api = renderPage(() => ({ code: 0 }));
    await screen.findByText('乙助手');
    fireEvent.click(within(card('乙助手')).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('广告营销'));
    fireEvent.change(within(dialog).getByPlaceholderText('写给作者看的说明'), {
      target: { value: '简介里有联系方式' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/v1/admin/review/bot/2',
      body: { decision: 'reject', reason: '广告营销：简介里有联系方式' },
    });
    await waitFor(() => expect(screen.queryByText('乙助手')).not.toBeInTheDocument());
  });

  it('asks for words when the reason is 其他', async () => {
    const api = renderPage(() => ({ code: 0 }));
    await screen.findByText('甲助手');
    fireEvent.click(within(card('甲助手')).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('其他'));
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
