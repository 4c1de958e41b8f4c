import { act, fireEvent, screen } from '@testing-library/react';
import { PAGE_LOADING_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '@lingxi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { lazyPage, preloadPage, type PageModule } from './lazy-page';

function deferred() {
  let resolve!: (module: PageModule) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<PageModule>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Loaded = () => <div>页面已加载</div>;

describe('lazyPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the client contract's timings: 200 ms before the loader, 60 s time-out", () => {
    expect(PAGE_LOADING_DELAY_MS).toBe(200);
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(60_000);
  });

  it('shows nothing before 200 ms and the loading state after', async () => {
    const chunk = deferred();
    const Page = lazyPage(() => chunk.promise);
    const { container } = renderWithProviders(<Page />);

    await act(() => vi.advanceTimersByTimeAsync(PAGE_LOADING_DELAY_MS - 1));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByTestId('page-loading')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('page-loading')).toHaveTextContent('加载中');

    await act(async () => chunk.resolve({ default: Loaded }));
    expect(screen.getByText('页面已加载')).toBeInTheDocument();
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });

  it('a chunk that arrives within 200 ms never flashes the loader', async () => {
    const chunk = deferred();
    const Page = lazyPage(() => chunk.promise);
    renderWithProviders(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await act(async () => chunk.resolve({ default: Loaded }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('页面已加载')).toBeInTheDocument();
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });

  it('shows an error with retry after 60 s, and retry loads the page', async () => {
    const first = deferred();
    const second = deferred();
    const loader = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const Page = lazyPage(loader);
    renderWithProviders(<Page />);

    await act(() => vi.advanceTimersByTimeAsync(PAGE_LOAD_TIMEOUT_MS - 1));
    expect(screen.getByTestId('page-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('page-load-error')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('page-load-error')).toHaveTextContent('页面加载失败');

    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(loader).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('page-load-error')).toBeNull();

    await act(async () => second.resolve({ default: Loaded }));
    expect(screen.getByText('页面已加载')).toBeInTheDocument();
  });

  it('a failed chunk shows the error at once, and retry tries again', async () => {
    const loader = vi
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Loaded });
    const Page = lazyPage(loader);
    renderWithProviders(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('page-load-error')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('页面已加载')).toBeInTheDocument();
  });

  it('a page loaded once renders at once the next time', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: Loaded }));
    const first = renderWithProviders(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    first.unmount();
    renderWithProviders(<Page />);
    expect(screen.getByText('页面已加载')).toBeInTheDocument();
  });

  it('a page preloaded before its first visit renders at once, with no blank first frame', async () => {
    const chunk = deferred();
    const loader = () => chunk.promise;
    const preloaded = preloadPage(loader);
    chunk.resolve({ default: Loaded });
    await act(() => preloaded);
    const Page = lazyPage(loader);
    renderWithProviders(<Page />);
    expect(screen.getByText('页面已加载')).toBeInTheDocument();
  });

  it('a failed preload leaves the visit to load the page again', async () => {
    let calls = 0;
    const loader = () =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Loaded });
    await act(() => preloadPage(loader));
    const Page = lazyPage(loader);
    renderWithProviders(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('页面已加载')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
