import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { PullToRefresh } from './pull-to-refresh';
import {
  HEAD_HEIGHT,
  INITIAL_PULL,
  pullReducer,
  PULL_THRESHOLD,
  RELEASE_MS,
  RESTORE_MS,
  transitionMs,
  type PullState,
} from './pull-to-refresh-state';

describe('pull-to-refresh state machine', () => {
  const run = (...events: Parameters<typeof pullReducer>[1][]) =>
    events.reduce<PullState>((state, event) => pullReducer(state, event), INITIAL_PULL);

  it('pulling below the threshold, reached at it', () => {
    expect(run({ type: 'move', distance: 20 })).toEqual({ status: 'pulling', distance: 20 });
    expect(run({ type: 'move', distance: PULL_THRESHOLD })).toEqual({
      status: 'reached',
      distance: PULL_THRESHOLD,
    });
    expect(run({ type: 'move', distance: 80 }, { type: 'move', distance: 30 }).status).toBe('pulling');
    expect(run({ type: 'move', distance: 30 }, { type: 'move', distance: 0 })).toEqual(INITIAL_PULL);
  });

  it('letting go too early aborts: springs back, then rests', () => {
    const aborting = run({ type: 'move', distance: 30 }, { type: 'release' });
    expect(aborting).toEqual({ status: 'aborting', distance: 0 });
    expect(pullReducer(aborting, { type: 'settled' })).toEqual(INITIAL_PULL);
  });

  it('letting go once reached refreshes, then restores, then rests', () => {
    const refreshing = run({ type: 'move', distance: 90 }, { type: 'release' });
    expect(refreshing).toEqual({ status: 'refreshing', distance: HEAD_HEIGHT });
    // A finger moving during the refresh changes nothing.
    expect(pullReducer(refreshing, { type: 'move', distance: 10 })).toBe(refreshing);
    const restoring = pullReducer(refreshing, { type: 'refreshed' });
    expect(restoring).toEqual({ status: 'restoring', distance: 0 });
    expect(pullReducer(restoring, { type: 'settled' })).toEqual(INITIAL_PULL);
  });

  it('animates 0.3 s when released and 0.2 s when restoring; follows the finger otherwise', () => {
    expect(RELEASE_MS).toBe(300);
    expect(RESTORE_MS).toBe(200);
    expect(transitionMs('aborting')).toBe(300);
    expect(transitionMs('refreshing')).toBe(300);
    expect(transitionMs('restoring')).toBe(200);
    expect(transitionMs('pulling')).toBe(0);
    expect(transitionMs('reached')).toBe(0);
  });
});

describe('<PullToRefresh>', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'Date'], now: new Date(2026, 2, 18, 15, 4) }));
  afterEach(() => vi.useRealTimers());

  const touch = (el: Element, type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    fireEvent[type](el, { touches: type === 'touchEnd' ? [] : [{ clientY: y }] });

  it('walks pulling → reached → refreshing → restoring → idle and shows the update time', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(
      <PullToRefresh onRefresh={onRefresh} isAtTop={() => true}>
        <div>list</div>
      </PullToRefresh>,
    );
    const root = screen.getByTestId('pull-to-refresh');
    touch(root, 'touchStart', 100);
    touch(root, 'touchMove', 140);
    expect(root.dataset.status).toBe('pulling');
    expect(screen.getByText('下拉刷新')).toBeInTheDocument();
    touch(root, 'touchMove', 240);
    expect(root.dataset.status).toBe('reached');
    expect(screen.getByText('释放立即刷新')).toBeInTheDocument();
    touch(root, 'touchEnd', 0);
    expect(root.dataset.status).toBe('refreshing');
    await act(async () => undefined);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('正在刷新…')).toBeInTheDocument();
    await act(async () => finish());
    expect(root.dataset.status).toBe('restoring');
    expect(screen.getByText('刷新完成')).toBeInTheDocument();
    expect(screen.getByText('最后更新：今天 15:04')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(RESTORE_MS));
    expect(root.dataset.status).toBe('idle');
  });

  it('a short pull aborts without refreshing', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <PullToRefresh onRefresh={onRefresh} isAtTop={() => true}>
        <div>list</div>
      </PullToRefresh>,
    );
    const root = screen.getByTestId('pull-to-refresh');
    touch(root, 'touchStart', 100);
    touch(root, 'touchMove', 130);
    touch(root, 'touchEnd', 0);
    expect(root.dataset.status).toBe('aborting');
    act(() => vi.advanceTimersByTime(RELEASE_MS));
    expect(root.dataset.status).toBe('idle');
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('does nothing when the page is not scrolled to the top', () => {
    renderWithProviders(
      <PullToRefresh onRefresh={() => Promise.resolve()} isAtTop={() => false}>
        <div>list</div>
      </PullToRefresh>,
    );
    const root = screen.getByTestId('pull-to-refresh');
    touch(root, 'touchStart', 100);
    touch(root, 'touchMove', 300);
    expect(root.dataset.status).toBe('idle');
  });
});
