import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useNavigateSafe } from '../lib/navigation';
import { renderWithProviders } from '../test/render-app';
import { PAGE_ROUTES, ROUTE_ALIASES, TAB_ROUTES } from './route-table';
import { buildRoutes } from './router';

/** docs/product.md (Client contract), copied verbatim: the tab table and the "other routes" table. */
const SEED_ROUTES = [
  '/',
  '/bot/discover',
  '/interaction',
  '/user',
  '/404',
  '/bot/edit',
  '/bot/:id',
  '/post',
  '/post/release',
  '/post/detail',
  '/interaction/system-message',
  '/interaction/review-message',
  '/interaction/interaction-message',
  '/user/my-snippet',
  '/user/setting',
  '/user/withdrawal',
  '/user/edit-nickname',
  '/user/edit-avatar',
  '/user/info',
  '/user/my-ai',
  '/user/my-collection',
  '/mini-web-view',
  '/login',
  '/member-center',
  '/knowledge-store',
  '/knowledge-store/detail',
  '/knowledge-store/edit',
  '/invite',
  '/redeem-code',
  '/agreement',
  '/agreement/chip-top-up',
  '/download-app',
  '/redirect',
  '/about-us',
  '/update-log/update-log',
  '/feedback/index',
  '/help-center/help-center',
  // The wallet's own (docs/money.md): order history and the sandbox provider's confirm page.
  '/user/orders',
  '/pay/sandbox',
];

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes({ root: <Outlet /> }), { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderAt>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('route table', () => {
  it('holds every route of the client contract, with the same paths, and no other', () => {
    const paths = [...TAB_ROUTES, ...PAGE_ROUTES].map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SEED_ROUTES].sort());
  });

  it('has exactly the four tabs of the client contract', () => {
    expect(TAB_ROUTES.map((r) => r.path)).toEqual(['/', '/bot/discover', '/interaction', '/user']);
  });

  it('every page of the table loads to a component', async () => {
    const modules = await Promise.all([...TAB_ROUTES, ...PAGE_ROUTES].map((r) => r.load()));
    modules.forEach((m) => expect(typeof m.default).toBe('function'));
  });
});

describe('router', () => {
  it('an unknown route is replaced by /404?routeNotFound=<path>', async () => {
    const router = renderAt('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(new URLSearchParams(router.state.location.search).get('routeNotFound')).toBe('/no/such/page');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByTestId('not-found-path')).toHaveTextContent('/no/such/page');
  });

  it('/pages/login/index is an alias of /login and keeps the query', async () => {
    const router = renderAt('/pages/login/index?redirect=%2Fuser%2Finfo');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Fuser%2Finfo'));
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('/pages/index/index is an alias of / and keeps the query', async () => {
    const router = renderAt('/pages/index/index?invite_code=ABC123');
    await waitFor(() => expect(where(router)).toBe('/?invite_code=ABC123'));
  });

  it('the tab bar shows on the four tab routes only, with its four labels', async () => {
    for (const path of ['/', '/bot/discover', '/interaction', '/user']) {
      renderAt(path);
      const nav = await screen.findByRole('navigation', { name: '主导航' });
      expect([...nav.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
        '首页',
        '发现',
        '历史',
        '我的',
      ]);
      expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent(
        { '/': '首页', '/bot/discover': '发现', '/interaction': '历史', '/user': '我的' }[path] ?? '',
      );
      act(() => document.body.replaceChildren());
    }
    renderAt('/user/setting');
    await screen.findByText('设置', { selector: '.adm-nav-bar-title' });
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
  });

  it('switching tabs from a tab replaces the entry', async () => {
    const router = renderAt('/');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    fireEvent.click(nav.querySelectorAll('button')[3]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('useNavigateSafe', () => {
  function Probe() {
    const nav = useNavigateSafe();
    return (
      <div>
        <button onClick={() => nav.push('/a?x=1')}>same</button>
        <button onClick={() => nav.replace('/a?x=1')}>same-replace</button>
        <button onClick={() => nav.push('/a?x=2')}>other-query</button>
        <button onClick={() => nav.push('/b')}>other</button>
        <button onClick={() => nav.relaunch('/b')}>relaunch</button>
        <button onClick={() => nav.back('/')}>back</button>
      </div>
    );
  }

  function renderProbe() {
    const router = createMemoryRouter(
      [
        { path: '/a', element: <Probe /> },
        { path: '/b', element: <Probe /> },
        { path: '/', element: <Probe /> },
      ],
      { initialEntries: ['/a?x=1'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    return router;
  }

  it('refuses to navigate to the current path: nothing happens', () => {
    const router = renderProbe();
    const key = router.state.location.key;
    fireEvent.click(screen.getByText('same'));
    fireEvent.click(screen.getByText('same-replace'));
    expect(router.state.location.key).toBe(key);
    expect(router.state.historyAction).toBe('POP');
  });

  it('navigates to another path or query, and supports replace-all and back', async () => {
    const router = renderProbe();
    fireEvent.click(screen.getByText('other-query'));
    await waitFor(() => expect(where(router)).toBe('/a?x=2'));
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.click(screen.getByText('other'));
    await waitFor(() => expect(where(router)).toBe('/b'));
    fireEvent.click(screen.getByText('back'));
    await waitFor(() => expect(where(router)).toBe('/a?x=2'));
    fireEvent.click(screen.getByText('relaunch'));
    await waitFor(() => expect(where(router)).toBe('/b'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('aliases', () => {
  it('are exactly the two host paths of the client contract', () => {
    expect(ROUTE_ALIASES).toEqual({ '/pages/login/index': '/login', '/pages/index/index': '/' });
  });
});
