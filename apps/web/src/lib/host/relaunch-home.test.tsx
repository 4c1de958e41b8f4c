import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { useNavigateSafe } from '../navigation';

/** "Relaunch home" (after logout, from a placeholder or the 404 page) per host: docs/platforms.md. */

function Page() {
  const nav = useNavigateSafe();
  return (
    <>
      <button type="button" onClick={() => nav.relaunch('/')}>
        home
      </button>
      <button type="button" onClick={() => nav.relaunch('/user')}>
        mine
      </button>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <div>web home</div> },
      { path: '/user', element: <div>web mine</div> },
      { path: '/user/setting', element: <Page /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  delete window.__wxjs_environment;
  delete window.wx;
  delete window.LingxiBridge;
});

describe('relaunching home', () => {
  it("in the mini program: the host's /pages/index/index, not the web home", () => {
    const reLaunch = vi.fn();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { reLaunch } };
    const router = renderAt('/user/setting');
    fireEvent.click(screen.getByText('home'));
    expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' });
    expect(router.state.location.pathname).toBe('/user/setting');
  });

  it('in the mini program, another page is relaunched in the web view as usual', async () => {
    const reLaunch = vi.fn();
    window.__wxjs_environment = 'miniprogram';
    window.wx = { miniProgram: { reLaunch } };
    renderAt('/user/setting');
    fireEvent.click(screen.getByText('mine'));
    expect(await screen.findByText('web mine')).toBeInTheDocument();
    expect(reLaunch).not.toHaveBeenCalled();
  });

  it.each([
    ['a browser', () => undefined],
    ['the Android wrapper', () => (window.LingxiBridge = { relogin: vi.fn() })],
  ])('in %s: the web home', async (_name, setup) => {
    setup();
    const router = renderAt('/user/setting');
    fireEvent.click(screen.getByText('home'));
    expect(await screen.findByText('web home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
