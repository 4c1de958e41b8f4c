import { act, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { createBackHandler, DOUBLE_BACK_EXIT_MS, useHostBackButton } from './back-button';

afterEach(() => {
  delete window.LingxiBridge;
  delete window.lingxiOnBack;
  delete window.__wxjs_environment;
  Object.defineProperty(window.navigator, 'userAgent', { value: 'jsdom', configurable: true });
  vi.useRealTimers();
});

describe('the back-button rule (fake clock)', () => {
  function setup(atRoot: boolean) {
    let clock = 10_000;
    const deps = {
      atRoot: vi.fn(() => atRoot),
      goBack: vi.fn(),
      hint: vi.fn(),
      exit: vi.fn(() => true),
      now: () => clock,
    };
    const press = createBackHandler(deps);
    return { deps, press, tick: (ms: number) => (clock += ms) };
  }

  it('on an inner page, back goes back, every time, and never exits', () => {
    const { deps, press } = setup(false);
    expect(press()).toBe(true);
    expect(press()).toBe(true);
    expect(deps.goBack).toHaveBeenCalledTimes(2);
    expect(deps.hint).not.toHaveBeenCalled();
    expect(deps.exit).not.toHaveBeenCalled();
  });

  it('at a root: the first press hints, a second within 1000 ms exits', () => {
    const { deps, press, tick } = setup(true);
    expect(press()).toBe(true);
    expect(deps.hint).toHaveBeenCalledTimes(1);
    expect(deps.exit).not.toHaveBeenCalled();
    tick(DOUBLE_BACK_EXIT_MS);
    expect(press()).toBe(true);
    expect(deps.exit).toHaveBeenCalledTimes(1);
    expect(deps.goBack).not.toHaveBeenCalled();
  });

  it('a second press after 1000 ms hints again instead of exiting, and starts a new window', () => {
    const { deps, press, tick } = setup(true);
    press();
    tick(DOUBLE_BACK_EXIT_MS + 1);
    press();
    expect(deps.exit).not.toHaveBeenCalled();
    expect(deps.hint).toHaveBeenCalledTimes(2);
    tick(300);
    press();
    expect(deps.exit).toHaveBeenCalledTimes(1);
  });

  it('after an exit that the wrapper refused, the next press starts over with a hint', () => {
    const { deps, press, tick } = setup(true);
    deps.exit.mockReturnValue(false);
    press();
    tick(100);
    // No exitApp on the bridge: the wrapper gets false and does its own default.
    expect(press()).toBe(false);
    tick(100);
    expect(press()).toBe(true);
    expect(deps.hint).toHaveBeenCalledTimes(2);
  });

  it('a press on an inner page between the two root presses breaks the pair', () => {
    let root = true;
    let clock = 0;
    const deps = {
      atRoot: () => root,
      goBack: vi.fn(),
      hint: vi.fn(),
      exit: vi.fn(() => true),
      now: () => clock,
    };
    const press = createBackHandler(deps);
    press();
    root = false;
    clock += 100;
    press();
    root = true;
    clock += 100;
    press();
    expect(deps.exit).not.toHaveBeenCalled();
    expect(deps.hint).toHaveBeenCalledTimes(2);
  });
});

function Shell() {
  useHostBackButton();
  return <Outlet />;
}

function renderApp(initialEntries: string[], initialIndex?: number) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <div>home</div> },
          { path: '/user', element: <div>mine</div> },
          { path: '/user/setting', element: <div>settings</div> },
          { path: '/bot/:id', element: <div>chat</div> },
        ],
      },
    ],
    { initialEntries, initialIndex },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('window.lingxiOnBack', () => {
  it('is there only in the Android wrapper', async () => {
    renderApp(['/']);
    await screen.findByText('home');
    expect(window.lingxiOnBack).toBeUndefined();

    document.body.replaceChildren();
    window.__wxjs_environment = 'miniprogram';
    renderApp(['/']);
    await screen.findByText('home');
    expect(window.lingxiOnBack).toBeUndefined();
  });

  it('in the wrapper: an inner page goes back; at a tab the hint, then exitApp on a second press within 1000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const exitApp = vi.fn();
    window.LingxiBridge = { exitApp, relogin: vi.fn() };
    const router = renderApp(['/user', '/user/setting'], 1);
    await screen.findByText('settings');

    act(() => void expect(window.lingxiOnBack!()).toBe(true));
    expect(await screen.findByText('mine')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user');

    act(() => void expect(window.lingxiOnBack!()).toBe(true));
    expect(await screen.findByText('再按一次退出')).toBeInTheDocument();
    expect(exitApp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    act(() => void window.lingxiOnBack!());
    expect(exitApp).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/user');
  });

  it('an inner page opened first (no history) behaves as a root: the hint, not a dead back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const exitApp = vi.fn();
    window.LingxiBridge = { exitApp };
    const router = renderApp(['/bot/3']);
    await screen.findByText('chat');
    act(() => void window.lingxiOnBack!());
    expect(await screen.findByText('再按一次退出')).toBeInTheDocument();
    vi.advanceTimersByTime(1500);
    act(() => void window.lingxiOnBack!());
    expect(exitApp).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/bot/3');
  });
});
