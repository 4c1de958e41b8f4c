import { beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadPage } from './lazy-page';
import { PAGE_ROUTES, preloadRoute, TAB_ROUTES } from './route-table';

vi.mock('./lazy-page', () => ({ preloadPage: vi.fn(async () => undefined) }));

const loaderOf = (path: string) => [...TAB_ROUTES, ...PAGE_ROUTES].find((r) => r.path === path)!.load;

/** Start-up fetches the code of the page being opened, and only that page's (main.tsx). */
describe('preloadRoute', () => {
  beforeEach(() => vi.mocked(preloadPage).mockClear());

  it.each([
    ['/', '/'],
    ['/bot/discover', '/bot/discover'],
    ['/bot/42', '/bot/:id'],
    ['/user/setting', '/user/setting'],
    ['/knowledge-store/detail', '/knowledge-store/detail'],
  ])('%s fetches the page of %s', async (pathname, route) => {
    await preloadRoute(pathname);
    expect(vi.mocked(preloadPage).mock.calls).toEqual([[loaderOf(route)]]);
  });

  it('fetches nothing for a path no route names', async () => {
    await preloadRoute('/no/such/page');
    expect(preloadPage).not.toHaveBeenCalled();
  });
});
