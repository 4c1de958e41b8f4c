import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLogin, setToken } from '../../../lib/session';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import InfoPage from './info-page';

function renderInfo() {
  const router = createMemoryRouter([{ path: '/user/info', element: <InfoPage /> }], {
    initialEntries: ['/user/info'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  clearLogin();
  localStorage.clear();
});

describe('info page while the profile is missing', () => {
  it('a server failure says the service is unavailable (not that the page failed to load) and retries', async () => {
    setToken('tok');
    let fail = true;
    mockApi({
      'GET /api/v1/user': () =>
        fail ? { code: 10500, msg: '服务器繁忙' } : { data: makeUser({ nickname: '小灵' }) },
    });
    renderInfo();
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument();
    expect(screen.queryByText('页面加载失败')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('小灵')).toBeInTheDocument();
  });
});
