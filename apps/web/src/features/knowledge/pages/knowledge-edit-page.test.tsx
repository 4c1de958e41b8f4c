import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { FakeXhr } from '../../../test/fake-xhr';
import { makeGrant, makeUser } from '../../../test/fixtures';
import { makeKnowledgeBase } from '../../../test/knowledge-fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { COVER_PURPOSE } from '../components/cover-field';
import KnowledgeEditPage from './knowledge-edit-page';

vi.mock('react-easy-crop', () => import('../../../test/fake-cropper'));
vi.mock('../../../lib/crop-image', () => import('../../../test/fake-cropper'));

function renderEditor(path = '/knowledge-store/edit') {
  const router = createMemoryRouter(
    [
      { path: '/knowledge-store/edit', element: <KnowledgeEditPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/knowledge-store', path], initialIndex: 1 },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderEditor>) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const textbox = (testId: string) => within(screen.getByTestId(`field-${testId}`)).getByRole('textbox');
const type = (field: string, value: string) => fireEvent.change(textbox(field), { target: { value } });

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearLogin();
  localStorage.clear();
});

describe('knowledge base editor', () => {
  it('logged out: goes to login', async () => {
    mockApi({});
    const router = renderEditor();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the schema’s message on the name and sends nothing', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({});
    renderEditor();
    fireEvent.click(await screen.findByTestId('kb-save'));
    expect(await screen.findByTestId('error-name')).toHaveTextContent('请输入知识库名称');
    type('name', '产品手册');
    await waitFor(() => expect(screen.queryByTestId('error-name')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates with an uploaded cover, then opens the new base', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/upload/token': { data: makeGrant(COVER_PURPOSE) },
      'POST /api/v1/knowledge': (call: Call) => ({
        data: makeKnowledgeBase({ id: 31, ...(call.body as object) }),
      }),
    });
    const router = renderEditor();
    expect(await screen.findByText('创建知识库')).toBeInTheDocument();
    type('name', '  产品手册 ');
    type('description', '功能说明和常见问题');
    expect(screen.getByTestId('field-description')).toHaveTextContent('9/200');

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('cover-file'), { target: { files: [file] } });
    fireEvent.click(await screen.findByTestId('fake-cropper'));
    fireEvent.click(screen.getByTestId('cover-crop-confirm'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/v1/upload/token')?.query.get('purpose')).toBe(COVER_PURPOSE);
    expect(FakeXhr.sent[0]!.fileName).toBe('cover.png');
    FakeXhr.sent[0]!.progress(30);
    expect(await screen.findByTestId('cover-progress')).toHaveTextContent('30%');
    // Saving waits for the cover.
    fireEvent.click(screen.getByTestId('kb-save'));
    expect(await screen.findByText('封面还在上传，请稍候')).toBeInTheDocument();
    FakeXhr.sent[0]!.answer({ code: 0, data: { id: 3, url: '/media/u/AbCdEfGhIjKlMnOpQrStUv.png' } });
    await waitFor(() => expect(screen.queryByTestId('cover-progress')).toBeNull());

    fireEvent.click(screen.getByTestId('kb-save'));
    await waitFor(() => expect(where(router)).toBe('/knowledge-store/detail?id=31'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/knowledge')?.body).toEqual({
      name: '产品手册',
      description: '功能说明和常见问题',
      cover: '/media/u/AbCdEfGhIjKlMnOpQrStUv.png',
    });
  });

  it('shows the server’s verdict on its field', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'POST /api/v1/knowledge': {
        code: 10001,
        msg: '名称含有敏感词',
        data: { field: 'name', issues: [{ field: 'name', message: '名称含有敏感词' }] },
      },
    });
    const router = renderEditor();
    await screen.findByTestId('kb-save');
    type('name', '不合适的名字');
    fireEvent.click(screen.getByTestId('kb-save'));
    expect(await screen.findByTestId('error-name')).toHaveTextContent('名称含有敏感词');
    expect(where(router)).toBe('/knowledge-store/edit');
    type('name', '合适的名字');
    await waitFor(() => expect(screen.queryByTestId('error-name')).toBeNull());
  });

  it('edits an existing base and goes back', async () => {
    loginAs('tok', makeUser());
    const { calls } = mockApi({
      'GET /api/v1/knowledge/9': {
        data: makeKnowledgeBase({ cover: '/media/u/AbCdEfGhIjKlMnOpQrStUv.png' }),
      },
      'PUT /api/v1/knowledge/9': (call: Call) => ({ data: makeKnowledgeBase(call.body as object) }),
    });
    const router = renderEditor('/knowledge-store/edit?id=9');
    expect(await screen.findByText('编辑知识库')).toBeInTheDocument();
    await waitFor(() => expect(textbox('name')).toHaveValue('产品手册'));
    type('name', '产品手册 v2');
    fireEvent.click(screen.getByTestId('kb-save'));
    await waitFor(() => expect(where(router)).toBe('/knowledge-store'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '产品手册 v2',
      description: '灵犀的功能说明和常见问题',
      cover: '/media/u/AbCdEfGhIjKlMnOpQrStUv.png',
    });
  });

  it('someone else’s or a missing base: says it does not exist', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/knowledge/77': { code: 10004, msg: '知识库不存在' } });
    renderEditor('/knowledge-store/edit?id=77');
    expect(await screen.findByText('知识库不存在')).toBeInTheDocument();
    expect(screen.queryByTestId('kb-save')).toBeNull();
  });
});
