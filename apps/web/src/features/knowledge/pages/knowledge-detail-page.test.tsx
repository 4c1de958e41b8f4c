import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HitTestResult, KnowledgeDocument } from '@lingxi/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { FakeXhr } from '../../../test/fake-xhr';
import { makeGrant, makeUser } from '../../../test/fixtures';
import { makeDocument, makeKnowledgeBase, makeKnowledgeList } from '../../../test/knowledge-fixtures';
import { mockApi, type Call } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { KNOWLEDGE_POLL_MS } from '../api/get-knowledge-bases';
import KnowledgeDetailPage from './knowledge-detail-page';

function renderDetail(path = '/knowledge-store/detail?id=9') {
  const router = createMemoryRouter(
    [
      { path: '/knowledge-store/detail', element: <KnowledgeDetailPage /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const page = (list: KnowledgeDocument[]) => ({ data: { list, next_cursor: null } });
const docRow = (name: string) =>
  screen.getAllByTestId('doc-item').find((el) => el.textContent?.includes(name))!;

async function actionSheet(): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector('.adm-action-sheet')).not.toBeNull());
  return document.querySelector<HTMLElement>('.adm-action-sheet')!;
}

/** A logged-in user on base 9 whose documents are `docs` (changeable by the test). */
function detailApi(docs: () => KnowledgeDocument[], extra: Parameters<typeof mockApi>[0] = {}) {
  loginAs('tok', makeUser());
  return mockApi({
    'GET /api/v1/knowledge': { data: makeKnowledgeList([makeKnowledgeBase()]) },
    'GET /api/v1/knowledge/9': () => ({
      data: makeKnowledgeBase({
        document_count: docs().length,
        processing_count: docs().filter((d) => d.status === 'pending' || d.status === 'processing').length,
      }),
    }),
    'GET /api/v1/knowledge/9/document': () => page(docs()),
    ...extra,
  });
}

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearLogin();
  localStorage.clear();
});

describe('knowledge base detail', () => {
  it('shows the base and each document with its status, facts and failure reason', async () => {
    detailApi(() => [
      makeDocument({
        id: 4,
        name: '待办.txt',
        mime: 'text/plain',
        status: 'pending',
        chars: 0,
        passage_count: 0,
      }),
      makeDocument({ id: 3, name: '手册.pdf', mime: 'application/pdf', status: 'processing', chars: 0 }),
      makeDocument({ id: 2, name: '指南.md', status: 'ready', chars: 12345, passage_count: 18 }),
      makeDocument({
        id: 1,
        name: '加密.pdf',
        mime: 'application/pdf',
        status: 'failed',
        error: '文件已加密，请去除密码后重新上传',
      }),
    ]);
    renderDetail();
    const header = await screen.findByTestId('knowledge-header');
    expect(header).toHaveTextContent('产品手册');
    expect(header).toHaveTextContent('灵犀的功能说明和常见问题');
    expect(within(header).getByTestId('stat-documents')).toHaveTextContent('4');
    expect(within(header).getByTestId('stat-passages')).toHaveTextContent('42');
    await screen.findAllByTestId('doc-item');
    expect(screen.getAllByTestId('doc-status').map((s) => s.textContent)).toEqual([
      '待处理',
      '处理中',
      '已就绪',
      '失败',
    ]);
    expect(docRow('指南.md')).toHaveTextContent('12,345 字 · 18 段');
    expect(within(docRow('加密.pdf')).getByTestId('doc-error')).toHaveTextContent(
      '失败原因：文件已加密，请去除密码后重新上传',
    );
    expect(docRow('手册.pdf').querySelector('.lx-file-icon')?.getAttribute('data-kind')).toBe('pdf');
  });

  it('polls while a document is pending or processing, and stops when all are settled', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const states: KnowledgeDocument['status'][] = ['pending', 'processing', 'ready'];
    let step = 0;
    const { calls } = detailApi(() => [
      makeDocument({ id: 1, name: '指南.md', status: states[Math.min(step, 2)]! }),
    ]);
    renderDetail();
    await waitFor(() => expect(screen.getByTestId('doc-status')).toHaveTextContent('待处理'));
    const docCalls = () => calls.filter((c) => c.path === '/api/v1/knowledge/9/document').length;
    step = 1;
    act(() => void vi.advanceTimersByTime(KNOWLEDGE_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('doc-status')).toHaveTextContent('处理中'));
    step = 2;
    act(() => void vi.advanceTimersByTime(KNOWLEDGE_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('doc-status')).toHaveTextContent('已就绪'));
    const settled = docCalls();
    act(() => void vi.advanceTimersByTime(KNOWLEDGE_POLL_MS * 3));
    expect(docCalls()).toBe(settled);
  });

  it('re-processes a failed document, and deletes one after the confirm', async () => {
    let docs = [
      makeDocument({ id: 2, name: '指南.md' }),
      makeDocument({
        id: 1,
        name: '坏文件.docx',
        status: 'failed',
        error: '文件已损坏或格式不正确，无法读取',
      }),
    ];
    const { calls } = detailApi(() => docs, {
      'POST /api/v1/knowledge/9/document/1/reprocess': () => {
        docs = docs.map((d) => (d.id === 1 ? { ...d, status: 'pending', error: null } : d));
        return { data: docs[1] };
      },
      'DELETE /api/v1/knowledge/9/document/2': () => {
        docs = docs.filter((d) => d.id !== 2);
        return { data: { ok: true } };
      },
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId('doc-retry'));
    await waitFor(() => expect(docRow('坏文件.docx')).toHaveAttribute('data-status', 'pending'));
    expect(calls.some((c) => c.path === '/api/v1/knowledge/9/document/1/reprocess')).toBe(true);

    fireEvent.click(within(docRow('指南.md')).getByTestId('doc-more'));
    const sheet = await actionSheet();
    expect(sheet).toHaveTextContent('重新处理');
    fireEvent.click(within(sheet).getByText('删除'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('删除文档「指南.md」？');
    fireEvent.click(within(dialog).getByText('删除'));
    await waitFor(() => expect(screen.getAllByTestId('doc-item')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('uploads several files at once, each with its own progress; a refused one shows why', async () => {
    let docs: KnowledgeDocument[] = [];
    let grants = 0;
    const { calls } = detailApi(() => docs, {
      'GET /api/v1/upload/token': () => ({ data: makeGrant('knowledge_doc', `g${++grants}`) }),
      'POST /api/v1/knowledge/9/document': (call: Call) => {
        const uploadId = (call.body as { upload_id: number }).upload_id;
        if (uploadId === 2) return { code: 10030, msg: '知识库文档数量已达上限' };
        const doc = makeDocument({ id: 50 + uploadId, name: 'a.md', status: 'pending' });
        docs = [doc, ...docs];
        return { data: doc };
      },
    });
    renderDetail();
    await screen.findByText('还没有文档');
    const files = [
      new File(['# 标题\n内容'], 'a.md', { type: '' }),
      new File(['正文'], 'b.txt', { type: 'text/plain' }),
      new File(['MZ'], 'c.exe', { type: 'application/x-msdownload' }),
    ];
    fireEvent.change(screen.getByTestId('doc-file'), { target: { files } });
    const items = await screen.findAllByTestId('upload-item');
    expect(items).toHaveLength(3);
    expect(within(items[2]!).getByTestId('upload-error')).toHaveTextContent(
      '仅支持 TXT、Markdown、PDF、Word（docx）文件',
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/v1/upload/token').map((c) => c.query.get('purpose'))).toEqual(
      ['knowledge_doc', 'knowledge_doc'],
    );
    const [a, b] = ['a.md', 'b.txt'].map((name) => FakeXhr.sent.find((x) => x.fileName === name)!);
    // The .md file went with the type its extension says.
    expect(((a!.body as FormData).get('file') as File).type).toBe('text/markdown');
    a!.progress(25);
    b!.progress(80);
    await waitFor(() => expect(screen.getAllByTestId('upload-item')[0]).toHaveTextContent('上传中 25%'));
    expect(screen.getAllByTestId('upload-item')[1]).toHaveTextContent('上传中 80%');

    a!.answer({ code: 0, data: { id: 1, name: 'a.md' } });
    b!.answer({ code: 0, data: { id: 2, name: 'b.txt' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-item')[0]).toHaveAttribute('data-stage', 'done'),
    );
    const failed = screen.getAllByTestId('upload-item')[1]!;
    await waitFor(() => expect(failed).toHaveAttribute('data-stage', 'failed'));
    expect(within(failed).getByTestId('upload-error')).toHaveTextContent('知识库文档数量已达上限');
    expect(
      calls
        .filter((c) => c.path === '/api/v1/knowledge/9/document' && c.method === 'POST')
        .map((c) => c.body),
    ).toEqual([{ upload_id: 1 }, { upload_id: 2 }]);
    // The added document shows in the list (it was refreshed).
    await waitFor(() => expect(screen.getAllByTestId('doc-item')).toHaveLength(1));
    // A refused file can be removed from the list.
    fireEvent.click(within(screen.getAllByTestId('upload-item').at(-1)!).getByTestId('upload-dismiss'));
    await waitFor(() => expect(screen.queryByText('c.exe')).toBeNull());
  });

  it('pastes text as a document, counting its characters', async () => {
    let docs: KnowledgeDocument[] = [];
    const { calls } = detailApi(() => docs, {
      'POST /api/v1/knowledge/9/document/text': (call: Call) => {
        const body = call.body as { title: string };
        docs = [
          makeDocument({ id: 8, name: body.title, source: 'text', mime: 'text/plain', status: 'pending' }),
        ];
        return { data: docs[0] };
      },
    });
    renderDetail();
    fireEvent.click(await screen.findByTestId('doc-paste'));
    const submit = await screen.findByTestId('paste-submit');
    fireEvent.click(submit);
    expect(await screen.findByTestId('error-title')).toHaveTextContent('请输入标题');
    expect(screen.getByTestId('error-content')).toHaveTextContent('请输入文本内容');
    fireEvent.change(within(screen.getByTestId('paste-title')).getByRole('textbox'), {
      target: { value: '退货政策' },
    });
    fireEvent.change(within(screen.getByTestId('field-content')).getByRole('textbox'), {
      target: { value: '七天无理由退货。' },
    });
    expect(screen.getByTestId('field-content')).toHaveTextContent('8/100,000 字');
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByTestId('doc-item')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/v1/knowledge/9/document/text')?.body).toEqual({
      title: '退货政策',
      content: '七天无理由退货。',
    });
    expect(screen.getByTestId('doc-item').querySelector('.lx-file-icon')?.getAttribute('data-kind')).toBe(
      'text',
    );
  });

  it('hit test: sends the question, shows passages with document, heading, score, mode and time', async () => {
    const result: HitTestResult = {
      mode: 'hybrid',
      took_ms: 7.6,
      list: [
        {
          passage_id: 11,
          document_id: 2,
          document: '售后政策.md',
          heading: '退货 > 时限',
          content: '商品签收后七天内可以无理由退货。',
          score: 0.0325,
          lexical_score: 4.21,
          vector_score: 0.734,
        },
      ],
    };
    const { calls } = detailApi(() => [makeDocument()], {
      'POST /api/v1/knowledge/9/hit-test': { data: result },
    });
    renderDetail();
    fireEvent.click(await screen.findByText('命中测试'));
    expect(screen.getByTestId('hit-submit')).toBeDisabled();
    fireEvent.change(within(screen.getByTestId('hit-test')).getByRole('textbox'), {
      target: { value: '几天内可以退货？' },
    });
    fireEvent.click(screen.getByTestId('hit-submit'));
    const passage = await screen.findByTestId('hit-passage');
    expect(calls.find((c) => c.path === '/api/v1/knowledge/9/hit-test')?.body).toEqual({
      query: '几天内可以退货？',
      top_k: 5,
    });
    expect(passage).toHaveTextContent('售后政策.md');
    expect(passage).toHaveTextContent('退货 > 时限');
    expect(passage).toHaveTextContent('商品签收后七天内可以无理由退货。');
    expect(within(passage).getByTestId('hit-score')).toHaveTextContent('得分 0.0325');
    expect(passage).toHaveTextContent('关键词 4.21 · 语义 0.734');
    expect([...passage.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['天内可以', '退货']);
    expect(screen.getByTestId('hit-summary')).toHaveTextContent('混合检索1 条结果 · 耗时 8 ms');
  });

  it('hit test with nothing found says so', async () => {
    detailApi(() => [makeDocument()], {
      'POST /api/v1/knowledge/9/hit-test': { data: { mode: 'hybrid', took_ms: 3, list: [] } },
    });
    renderDetail();
    fireEvent.click(await screen.findByText('命中测试'));
    fireEvent.change(within(screen.getByTestId('hit-test')).getByRole('textbox'), {
      target: { value: '火星' },
    });
    fireEvent.click(screen.getByTestId('hit-submit'));
    expect(await screen.findByTestId('hit-empty')).toHaveTextContent('没有检索到相关段落');
    expect(screen.getByTestId('hit-summary')).toHaveTextContent('混合检索');
  });

  it('lexical only: the fused score alone', async () => {
    detailApi(() => [makeDocument()], {
      'POST /api/v1/knowledge/9/hit-test': {
        data: {
          mode: 'lexical',
          took_ms: 2,
          list: [
            {
              passage_id: 1,
              document_id: 1,
              document: 'a.md',
              heading: '',
              content: '火星的首都',
              score: 1.5,
              lexical_score: 1.5,
              vector_score: null,
            },
          ],
        },
      },
    });
    renderDetail();
    fireEvent.click(await screen.findByText('命中测试'));
    fireEvent.change(within(screen.getByTestId('hit-test')).getByRole('textbox'), {
      target: { value: '火星' },
    });
    fireEvent.click(screen.getByTestId('hit-submit'));
    const passage = await screen.findByTestId('hit-passage');
    expect(passage).toHaveTextContent('得分 1.5000');
    expect(passage).not.toHaveTextContent('关键词 1.50');
    expect(screen.getByTestId('hit-summary')).toHaveTextContent('关键词检索');
  });

  it('a base that is not the user’s: says it does not exist', async () => {
    loginAs('tok', makeUser());
    mockApi({
      'GET /api/v1/knowledge/9': { code: 10004, msg: '知识库不存在' },
      'GET /api/v1/knowledge/9/document': { code: 10004, msg: '知识库不存在' },
    });
    renderDetail();
    expect(await screen.findByText('知识库不存在')).toBeInTheDocument();
    expect(screen.queryByTestId('doc-upload')).toBeNull();
  });
});
