import type { ContentPage } from '@lingxi/contract';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { AboutUsPage, AgreementPage } from './content-pages';

const content = (over: Partial<ContentPage>): { data: ContentPage } => ({
  data: {
    slug: 'agreement',
    title: '用户协议',
    body: '欢迎使用灵犀！\n\n## 一、服务内容\n灵犀为您提供智能体对话服务。',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...over,
  },
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/agreement', element: <AgreementPage /> },
      { path: '/about-us', element: <AboutUsPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('content pages', () => {
  it('show their title once: in the bar, not again above the text', async () => {
    mockApi({ 'GET /api/v1/content/agreement': content({}) });
    renderAt('/agreement');
    expect(await screen.findByText('欢迎使用灵犀！')).toBeInTheDocument();
    expect(screen.getAllByText('用户协议')).toHaveLength(1);
    expect(screen.getByText('更新于 2026年11月1日', { exact: false })).toBeInTheDocument();
  });

  it('the privacy policy too', async () => {
    mockApi({ 'GET /api/v1/content/privacy': content({ slug: 'privacy', title: '隐私政策' }) });
    renderAt('/agreement?type=privacy');
    expect(await screen.findByText('欢迎使用灵犀！')).toBeInTheDocument();
    expect(screen.getAllByText('隐私政策')).toHaveLength(1);
  });

  it('an operator’s own title, different from the bar’s, is shown above the text', async () => {
    mockApi({ 'GET /api/v1/content/about-us': content({ slug: 'about-us', title: '关于灵犀团队' }) });
    renderAt('/about-us');
    expect(await screen.findByRole('heading', { name: '关于灵犀团队' })).toBeInTheDocument();
    expect(screen.getAllByText('关于我们')).toHaveLength(1);
  });
});
