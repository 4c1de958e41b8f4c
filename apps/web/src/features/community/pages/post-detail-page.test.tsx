import type { Comment, CommentThread } from '@lingxi/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../lib/request';
import { clearLogin } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { makeComment, makePost, makePostSnippet, makeThread } from '../../../test/feed-fixtures';
import { loginAs } from '../../../test/login';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import PostDetailPage from './post-detail-page';

function renderDetail(path = '/post/detail?id=1') {
  const router = createMemoryRouter(
    [
      { path: '/post/detail', element: <PostDetailPage /> },
      { path: '/post', element: <div>feed page</div> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const threads = (list: CommentThread[], next: string | null = null) => ({
  data: { list, next_cursor: next },
});
const replyPage = (list: Comment[], next: string | null = null) => ({ data: { list, next_cursor: next } });
const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

/** Confirms the dialog that asks before something cannot be undone. */
async function confirmDialog(button: string) {
  const dialog = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('.adm-dialog');
    expect(el).not.toBeNull();
    return el!;
  });
  fireEvent.click(within(dialog).getByText(button));
}

async function typeComment(text: string) {
  const box = await screen.findByRole('textbox');
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
}

// The first page drawn in a worker loads antd-mobile's pieces: slower than the default second on a busy machine.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('post detail', () => {
  it('shows the post in full with its comments, newest thread first', async () => {
    mockApi({
      'GET /api/v1/post/1': { data: makePost({ comment_count: 2, content: '完整的正文' }) },
      'GET /api/v1/post/1/comment': threads([
        makeThread({ id: 102, content: '第二条评论' }),
        makeThread({ id: 101, content: '第一条评论' }),
      ]),
    });
    renderDetail();
    expect(await screen.findByText('完整的正文')).toBeInTheDocument();
    expect(await screen.findByText('共 2 条评论')).toBeInTheDocument();
    expect(screen.getAllByTestId('comment-thread').map((t) => t.id)).toEqual(['comment-102', 'comment-101']);
  });

  it('sends a comment and shows it on top', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost({ comment_count: 0 }) },
      'GET /api/v1/post/1/comment': threads([]),
      'POST /api/v1/post/1/comment': (call) => ({
        data: makeComment({ id: 200, content: (call.body as { content: string }).content, can_delete: true }),
      }),
    });
    renderDetail();
    expect(await screen.findByText('还没有评论')).toBeInTheDocument();
    await typeComment('  说得好  ');
    const send = screen.getByRole('button', { name: '发送' });
    expect(send).not.toBeDisabled();
    fireEvent.click(send);
    await waitFor(() => expect(sent(calls, 'POST', '/api/v1/post/1/comment')).toHaveLength(1));
    expect(sent(calls, 'POST', '/api/v1/post/1/comment')[0]!.body).toEqual({ content: '说得好' });
    expect(await screen.findByText('评论成功')).toBeInTheDocument();
    expect(await screen.findByText('说得好')).toBeInTheDocument();
    expect(screen.getByText('共 1 条评论')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('send waits for text; a flagged comment says it waits for review and shows 审核中', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([]),
      'POST /api/v1/post/1/comment': {
        data: makeComment({ id: 201, content: '有点敏感', status: 'pending_review' }),
      },
    });
    renderDetail();
    await typeComment('   ');
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled();
    await typeComment('有点敏感');
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('评论已提交，审核通过后展示')).toBeInTheDocument();
    const thread = await screen.findByTestId('comment-thread');
    expect(within(thread).getByText('审核中')).toBeInTheDocument();
    // The count is of published comments: a held one is not counted yet.
    expect(screen.getByRole('heading', { name: '评论' })).toBeInTheDocument();
    expect(screen.queryByText(/共 \d+ 条评论/)).toBeNull();
  });

  it('the author’s own post in review: no comment box and no likes yet, and the page says why', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/post/1': { data: makePost({ is_mine: true, status: 'pending_review' }) },
      'GET /api/v1/post/1/comment': threads([]),
    });
    renderDetail();
    const bar = await screen.findByTestId('comment-bar');
    expect(within(bar).getByText('通过审核后才能评论')).toBeInTheDocument();
    expect(within(bar).queryByRole('textbox')).toBeNull();
    expect(within(bar).getByRole('button', { name: '点赞' })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: '收藏' })).toBeDisabled();
    expect(await screen.findByText('还没有评论')).toBeInTheDocument();
    expect(screen.queryByText('快来抢沙发吧')).toBeNull();
  });

  it('a refusal (the author blocked the writer) shows the server’s words and keeps the text', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([]),
      'POST /api/v1/post/1/comment': { code: 10003, msg: '由于对方的设置，你无法评论' },
    });
    const toast = vi.fn();
    request.configure({ toast });
    renderDetail();
    await typeComment('你好');
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('由于对方的设置，你无法评论'));
    expect(screen.getByRole('textbox')).toHaveValue('你好');
  });

  it('shows the counter near the limit and refuses to send past it', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/post/1': { data: makePost() }, 'GET /api/v1/post/1/comment': threads([]) });
    renderDetail();
    await typeComment('好'.repeat(440));
    expect(screen.queryByText('440/500')).toBeNull();
    await typeComment('好'.repeat(480));
    expect(screen.getByText('480/500')).toBeInTheDocument();
    await typeComment('👍🏻'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled();
  });

  it('a reply to a reply says whom it answers (回复 @昵称)', async () => {
    loginAs('tok', makeUser());
    const reply = makeComment({ id: 111, root_id: 110, author: { id: 4, nickname: '老王', avatar: '' } });
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost({ comment_count: 2 }) },
      'GET /api/v1/post/1/comment': threads([
        makeThread({ id: 110, content: '楼主写得好', reply_count: 1, replies: [reply] }),
      ]),
      'POST /api/v1/post/1/comment': {
        data: makeComment({
          id: 112,
          root_id: 110,
          author: { id: 1, nickname: '小灵', avatar: '' },
          reply_to: { id: 4, nickname: '老王', avatar: '' },
          content: '同意老王',
        }),
      },
      'GET /api/v1/comment/110/reply': replyPage([]),
    });
    renderDetail();
    fireEvent.click(await screen.findByText('写得真好'));
    expect(await screen.findByPlaceholderText('回复 @老王')).toBeInTheDocument();
    await typeComment('同意老王');
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() =>
      expect(sent(calls, 'POST', '/api/v1/post/1/comment')[0]?.body).toEqual({
        content: '同意老王',
        reply_to: 111,
      }),
    );
    const added = await screen.findByText('同意老王');
    expect(added.closest('button')).toHaveTextContent('回复 @老王：同意老王');
    expect(await screen.findByPlaceholderText('说点什么…')).toBeInTheDocument();
  });

  it('展开 N 条回复 pages through a thread’s replies', async () => {
    const r = (id: number) => makeComment({ id, root_id: 120, content: `回复${id}` });
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost({ comment_count: 6 }) },
      'GET /api/v1/post/1/comment': threads([
        makeThread({ id: 120, content: '热门评论', reply_count: 5, replies: [r(121), r(122)] }),
      ]),
      'GET /api/v1/comment/120/reply': (call) =>
        call.query.get('cursor') === 'p2'
          ? replyPage([r(124), r(125)])
          : replyPage([r(121), r(122), r(123)], 'p2'),
    });
    renderDetail();
    expect(await screen.findByText('回复122')).toBeInTheDocument();
    expect(screen.queryByText('回复123')).toBeNull();
    fireEvent.click(screen.getByText('展开 3 条回复'));
    expect(await screen.findByText('回复123')).toBeInTheDocument();
    expect(screen.getAllByText('回复121')).toHaveLength(1);
    fireEvent.click(await screen.findByText('展开更多回复'));
    expect(await screen.findByText('回复125')).toBeInTheDocument();
    const replyCalls = calls.filter((c) => c.path === '/api/v1/comment/120/reply');
    expect(replyCalls.map((c) => c.query.get('cursor'))).toEqual([null, 'p2']);
    fireEvent.click(await screen.findByText('收起'));
    await waitFor(() => expect(screen.queryByText('回复125')).toBeNull());
  });

  it('deletes the user’s own comment after a confirm; a deleted thread with replies says so', async () => {
    loginAs('tok', makeUser());
    let list: CommentThread[] = [
      makeThread({ id: 130, content: '我的评论', can_delete: true }),
      makeThread({
        id: 131,
        status: 'deleted',
        content: '',
        reply_count: 1,
        replies: [makeComment({ id: 132, root_id: 131, content: '还在的回复' })],
      }),
    ];
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost({ comment_count: 2 }) },
      'GET /api/v1/post/1/comment': () => threads(list),
      'DELETE /api/v1/comment/130': () => {
        list = list.slice(1);
        return { data: { ok: true } };
      },
    });
    renderDetail();
    expect(await screen.findByText('该评论已删除')).toBeInTheDocument();
    expect(screen.getByText('还在的回复')).toBeInTheDocument();
    const mine = await waitFor(() => document.getElementById('comment-130')!);
    fireEvent.click(within(mine).getByRole('button', { name: '评论操作' }));
    fireEvent.click(await screen.findByText('删除'));
    await confirmDialog('删除');
    await waitFor(() => expect(sent(calls, 'DELETE', '/api/v1/comment/130')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('我的评论')).toBeNull());
  });

  it('reports the post with a reason', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([]),
      'POST /api/v1/post/1/report': { data: { ok: true } },
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId('post-menu'));
    expect(screen.queryByText('删除帖子')).toBeNull();
    fireEvent.click(await screen.findByText('举报'));
    const popup = await screen.findByTestId('report-popup');
    expect(within(popup).getByRole('button', { name: '提交' })).toBeDisabled();
    fireEvent.click(within(popup).getByText('垃圾广告'));
    fireEvent.change(within(popup).getByRole('textbox'), { target: { value: '一直发广告' } });
    fireEvent.click(within(popup).getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(sent(calls, 'POST', '/api/v1/post/1/report')[0]?.body).toEqual({
        reason: 'spam',
        detail: '一直发广告',
      }),
    );
    expect(await screen.findByText('已举报，我们会尽快处理')).toBeInTheDocument();
  });

  it('the report’s word more counts characters as users see them, and stops at the limit', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/post/1': { data: makePost() }, 'GET /api/v1/post/1/comment': threads([]) });
    renderDetail();
    fireEvent.click(await screen.findByTestId('post-menu'));
    fireEvent.click(await screen.findByText('举报'));
    const popup = await screen.findByTestId('report-popup');
    fireEvent.click(within(popup).getByText('垃圾广告'));
    const submit = within(popup).getByRole('button', { name: '提交' });
    fireEvent.change(within(popup).getByRole('textbox'), { target: { value: '👍🏻'.repeat(200) } });
    expect(within(popup).getByTestId('report-count')).toHaveTextContent('200/200');
    expect(submit).toBeEnabled();
    fireEvent.change(within(popup).getByRole('textbox'), { target: { value: '👍🏻'.repeat(201) } });
    expect(within(popup).getByTestId('report-count')).toHaveTextContent('201/200');
    expect(within(popup).getByTestId('report-count')).toHaveClass('lx-report__count--over');
    expect(submit).toBeDisabled();
  });

  it('blocks the author after a confirm, then leaves for the feed', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([]),
      'POST /api/v1/user/2/block': { data: { blocked: true } },
    });
    const router = renderDetail();
    fireEvent.click(await screen.findByTestId('post-menu'));
    fireEvent.click(await screen.findByText('拉黑作者'));
    await confirmDialog('拉黑');
    await waitFor(() => expect(sent(calls, 'POST', '/api/v1/user/2/block')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post'));
  });

  it('the author deletes their post after a confirm and is back on the feed', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/post/1': { data: makePost({ is_mine: true }) },
      'GET /api/v1/post/1/comment': threads([]),
      'DELETE /api/v1/post/1': { data: { ok: true } },
    });
    const router = renderDetail();
    fireEvent.click(await screen.findByTestId('post-menu'));
    expect(screen.queryByText('举报')).toBeNull();
    fireEvent.click(await screen.findByText('删除帖子'));
    await confirmDialog('删除');
    await waitFor(() => expect(sent(calls, 'DELETE', '/api/v1/post/1')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post'));
  });

  it('a deleted or unknown post says so, once, without a toast', async () => {
    const toast = vi.fn();
    const { calls } = mockApi({ 'GET /api/v1/post/1': { code: 10004, msg: '帖子不存在' } });
    request.configure({ toast });
    renderDetail();
    expect(await screen.findByText('帖子不存在或已删除')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/api/v1/post/1')).toHaveLength(1);
    expect(calls.some((c) => c.path.endsWith('/comment'))).toBe(false);
  });

  it('a post marked deleted says so too', async () => {
    mockApi({ 'GET /api/v1/post/1': { data: makePost({ status: 'deleted' }) } });
    renderDetail();
    expect(await screen.findByText('帖子不存在或已删除')).toBeInTheDocument();
  });

  it('?comment= scrolls to that thread and highlights it', async () => {
    mockApi({
      'GET /api/v1/post/1': { data: makePost() },
      'GET /api/v1/post/1/comment': threads([
        makeThread({ id: 150, content: '别的' }),
        makeThread({ id: 151, content: '要找的那条' }),
      ]),
    });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderDetail('/post/detail?id=1&comment=151');
    await screen.findByText('要找的那条');
    await waitFor(() => expect(document.getElementById('comment-151')).toHaveClass('lx-thread--highlight'));
    expect(document.getElementById('comment-150')).not.toHaveClass('lx-thread--highlight');
    expect(scrolled).toHaveBeenCalled();
  });

  it('view=snippet opens the whole snippet', async () => {
    mockApi({
      'GET /api/v1/post/1': { data: makePost({ snippet: makePostSnippet() }) },
      'GET /api/v1/post/1/comment': threads([]),
    });
    renderDetail('/post/detail?id=1&view=snippet');
    const view = await screen.findByTestId('snippet-view');
    expect(within(view).getByText('春风拂面柳丝长')).toBeInTheDocument();
  });

  it('share copies the post’s link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    mockApi({ 'GET /api/v1/post/1': { data: makePost() }, 'GET /api/v1/post/1/comment': threads([]) });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '分享' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/detail?id=1`));
    expect(await screen.findByText('链接已复制，快去分享吧')).toBeInTheDocument();
  });

  it('logged out: reads everything; writing a comment asks to log in', async () => {
    mockApi({ 'GET /api/v1/post/1': { data: makePost() }, 'GET /api/v1/post/1/comment': threads([]) });
    const router = renderDetail();
    fireEvent.click(await screen.findByText('说点什么…'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/post/detail?id=1');
  });
});
