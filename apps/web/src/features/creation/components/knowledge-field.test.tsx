import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KnowledgeOption } from '@lingxi/contract';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin } from '../../../lib/session';
import { loginAs } from '../../../test/login';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { KnowledgeField } from './knowledge-field';

const option = (id: number, name: string, document_count = 2): KnowledgeOption => ({
  id,
  name,
  cover: '',
  document_count,
});

function Harness({ initial }: { initial: number[] }) {
  const [ids, setIds] = useState(initial);
  return (
    <>
      <KnowledgeField value={ids} onChange={setIds} />
      <output data-testid="ids">{ids.join(',')}</output>
    </>
  );
}

function renderField(initial: number[] = []) {
  const router = createMemoryRouter(
    [
      { path: '/bot/edit', element: <Harness initial={initial} /> },
      { path: '*', element: <div>other page</div> },
    ],
    { initialEntries: ['/bot/edit'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const ids = () => screen.getByTestId('ids').textContent;

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('bot editor: knowledge picker', () => {
  it('shows the chosen bases as chips, by name; a chip can be removed', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/knowledge/options': { data: [option(1, '产品手册'), option(2, '售后政策')] } });
    renderField([2]);
    await waitFor(() => expect(screen.getByTestId('knowledge-chip')).toHaveTextContent('售后政策'));
    expect(screen.getByTestId('knowledge-picker')).toHaveTextContent('已选 1/5');
    fireEvent.click(screen.getByRole('button', { name: '移除 售后政策' }));
    expect(ids()).toBe('');
    expect(screen.getByTestId('knowledge-picker')).toHaveTextContent('选择知识库（最多 5 个）');
  });

  it('ticks bases in the sheet (at most five) and applies them on confirm', async () => {
    loginAs('tok', makeUser());
    const options = [1, 2, 3, 4, 5, 6].map((id) => option(id, `资料${id}`, id));
    const { calls } = mockApi({ 'GET /api/v1/knowledge/options': { data: options } });
    renderField();
    fireEvent.click(screen.getByTestId('knowledge-picker'));
    const sheet = await screen.findByTestId('knowledge-options');
    await waitFor(() => expect(within(sheet).getAllByTestId('knowledge-option')).toHaveLength(6));
    expect(sheet).toHaveTextContent('资料3');
    expect(sheet).toHaveTextContent('3 个文档');
    const boxes = () => within(sheet).getAllByRole('checkbox');
    for (const i of [0, 1, 2, 3, 4]) fireEvent.click(boxes()[i]!);
    expect(sheet).toHaveTextContent('已选 5/5');
    expect(boxes()[5]).toBeDisabled();
    fireEvent.click(boxes()[1]!);
    expect(sheet).toHaveTextContent('已选 4/5');
    fireEvent.click(screen.getByTestId('knowledge-confirm'));
    expect(ids()).toBe('1,3,4,5');
    expect(screen.getAllByTestId('knowledge-chip').map((c) => c.textContent)).toEqual([
      '资料1',
      '资料3',
      '资料4',
      '资料5',
    ]);
    expect(calls.filter((c) => c.path === '/api/v1/knowledge/options')).toHaveLength(1);
  });

  it('cancel keeps the choice as it was', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/knowledge/options': { data: [option(1, '产品手册')] } });
    renderField();
    fireEvent.click(screen.getByTestId('knowledge-picker'));
    const sheet = await screen.findByTestId('knowledge-options');
    fireEvent.click((await within(sheet).findAllByRole('checkbox'))[0]!);
    fireEvent.click(screen.getByText('取消'));
    expect(ids()).toBe('');
  });

  it('no bases yet: a link to create one', async () => {
    loginAs('tok', makeUser());
    mockApi({ 'GET /api/v1/knowledge/options': { data: [] } });
    const router = renderField();
    fireEvent.click(screen.getByTestId('knowledge-picker'));
    expect(await screen.findByTestId('knowledge-none')).toHaveTextContent('你还没有知识库');
    fireEvent.click(screen.getByTestId('knowledge-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/knowledge-store/edit'));
  });
});
