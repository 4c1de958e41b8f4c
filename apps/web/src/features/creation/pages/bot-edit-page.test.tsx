import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '../../../lib/storage';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeMyBot, makeUser } from '../../../test/fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { sseResponse } from '../../../test/sse';
import { emptyValues, type BotFormValues } from '../components/bot-form-values';
import { DRAFT_SAVE_MS } from '../components/use-bot-draft';
import BotEditPage from './bot-edit-page';

const CATEGORIES = { data: { list: [{ id: 'life', name: '生活' }] } };
const MODELS = { data: { list: [] } };
const VALID: BotFormValues = {
  ...emptyValues('/media/avatars/bot/abc.svg'),
  name: '旅行规划师',
  category: 'life',
  persona: '你是一位经验丰富的旅行规划师。',
  greeting: '想去哪里玩？',
};

function renderEditor(path = '/bot/edit') {
  const router = createMemoryRouter(
    [
      { path: '/bot/edit', element: <BotEditPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/user/my-ai', path], initialIndex: 1 },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, ...view };
}

const field = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox');
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
const seedDraft = (values: BotFormValues, name = 'bot:1:new') =>
  storage.setDraft(name, { values, saved_at: new Date().toISOString() });

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('bot editor', () => {
  it('shows the contract schema’s messages on the fields and sends nothing', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({ 'GET /api/v1/bot/category': CATEGORIES, 'GET /api/v1/model': MODELS });
    renderEditor();
    fireEvent.click(await screen.findByTestId('bot-save'));
    expect(await screen.findByTestId('error-name')).toHaveTextContent('请填写名称');
    expect(screen.getByTestId('error-category')).toHaveTextContent('请选择分类');
    expect(screen.getByTestId('error-persona')).toHaveTextContent('角色设定至少10个字');
    // Fixing a field clears its message at once.
    type('name-input', '旅行规划师');
    await waitFor(() => expect(screen.queryByTestId('error-name')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('autosaves the form and restores it with a notice; discarding starts over', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/bot/category': CATEGORIES, 'GET /api/v1/model': MODELS });
    const first = renderEditor();
    type('name-input', '草稿里的名字');
    await waitFor(
      () =>
        expect(storage.getDraft<{ values: BotFormValues }>('bot:1:new')?.values.name).toBe('草稿里的名字'),
      {
        timeout: DRAFT_SAVE_MS + 1000,
      },
    );
    first.unmount();

    renderEditor();
    expect(await screen.findByTestId('draft-restored')).toHaveTextContent('已恢复未保存的草稿');
    expect(field('name-input')).toHaveValue('草稿里的名字');
    fireEvent.click(screen.getByTestId('draft-discard'));
    await waitFor(() => expect(field('name-input')).toHaveValue(''));
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    expect(storage.getDraft('bot:1:new')).toBeNull();
  });

  it('saves a new bot with the contract body, forgets the draft and goes to my agents', async () => {
    loginAs('tok', makeUser());
    seedDraft({ ...VALID, visibility: 'public', questions: ['去哪玩', ''] });
    const { calls } = mockApi({
      'GET /api/v1/bot/category': CATEGORIES,
      'GET /api/v1/model': MODELS,
      'POST /api/v1/bot': { data: makeMyBot({ status: 'pending_review', visibility: 'public' }) },
    });
    const { router } = renderEditor();
    await screen.findByTestId('draft-restored');
    fireEvent.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-ai'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/bot')!;
    expect(post.body).toMatchObject({
      name: '旅行规划师',
      avatar: '/media/avatars/bot/abc.svg',
      category: 'life',
      visibility: 'public',
      questions: ['去哪玩'],
      temperature: 0.7,
    });
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();
    expect(storage.getDraft('bot:1:new')).toBeNull();
  });

  it('edits an existing bot: loads the creator’s view, shows why it was rejected, PUTs the change', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/bot/category': CATEGORIES,
      'GET /api/v1/model': MODELS,
      'GET /api/v1/bot/3/edit': {
        data: makeMyBot({ status: 'rejected', visibility: 'public', reject_reason: '名称不当' }),
      },
      'PUT /api/v1/bot/3': { data: makeMyBot() },
    });
    const { router } = renderEditor('/bot/edit?id=3');
    expect(await screen.findByTestId('status-banner')).toHaveTextContent('名称不当');
    expect(field('name-input')).toHaveValue('旅行规划师');
    type('name-input', '新名字');
    fireEvent.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-ai'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: '新名字', category: 'life' });
  });

  it('asks before leaving with unsaved changes: stay keeps the page', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/bot/category': CATEGORIES, 'GET /api/v1/model': MODELS });
    const { router } = renderEditor();
    type('name-input', '还没保存');
    act(() => void router.navigate('/user/my-ai'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('还没有保存');
    fireEvent.click(within(dialog).getByText('继续编辑'));
    await waitFor(() =>
      expect([...router.state.blockers.values()].every((b) => b.state === 'unblocked')).toBe(true),
    );
    expect(router.state.location.pathname).toBe('/bot/edit');
  });

  it('asks before leaving with unsaved changes: leave goes, and the draft stays for next time', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/bot/category': CATEGORIES, 'GET /api/v1/model': MODELS });
    const { router } = renderEditor();
    type('name-input', '还没保存');
    act(() => void router.navigate('/user/my-ai'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('离开'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-ai'));
    expect(storage.getDraft<{ values: BotFormValues }>('bot:1:new')?.values.name).toBe('还没保存');
  });

  it('previews the unsaved settings: the reply streams in, then stays', async () => {
    loginAs('tok', makeUser());
    seedDraft(VALID);
    let stream: ReturnType<typeof sseResponse> | null = null;
    const { calls } = mockApi({
      'GET /api/v1/bot/category': CATEGORIES,
      'GET /api/v1/model': MODELS,
      'POST /api/v1/bot/preview': (call: Call) => {
        stream = sseResponse(call.signal);
        return stream.response;
      },
    });
    renderEditor();
    await screen.findByTestId('draft-restored');
    fireEvent.click(screen.getByTestId('bot-preview'));
    expect(await screen.findByTestId('preview-messages')).toHaveTextContent('想去哪里玩？');
    fireEvent.change(within(screen.getByTestId('preview-input')).getByRole('textbox'), {
      target: { value: '去杭州玩三天' },
    });
    fireEvent.click(screen.getByTestId('preview-send'));
    await waitFor(() => expect(stream).not.toBeNull());
    const body = calls.find((c) => c.path === '/api/v1/bot/preview')!.body as {
      bot: BotFormValues;
      messages: unknown[];
    };
    expect(body.bot).toMatchObject({ name: '旅行规划师', persona: VALID.persona });
    expect(body.messages).toEqual([{ role: 'user', content: '去杭州玩三天' }]);
    expect(screen.getByTestId('preview-stop')).toBeInTheDocument();
    act(() => stream!.send('delta', { text: '第一天去' }));
    expect(await screen.findByTestId('preview-live-bubble')).toHaveTextContent('第一天去');
    act(() => stream!.send('delta', { text: '西湖。' }));
    act(() => {
      stream!.send('done', { balance: 42 });
      stream!.end();
    });
    await waitFor(() => expect(screen.queryByTestId('preview-live-bubble')).toBeNull());
    expect(screen.getAllByTestId('preview-bot-bubble').at(-1)).toHaveTextContent('第一天去西湖。');
    expect(screen.getByTestId('preview-send')).toBeInTheDocument();
  });
});
