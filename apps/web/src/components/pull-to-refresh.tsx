import { DotLoading } from 'antd-mobile';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  damp,
  INITIAL_PULL,
  pullReducer,
  RELEASE_MS,
  RESTORE_MS,
  transitionMs,
  type PullStatus,
} from './pull-to-refresh-state';
import './pull-to-refresh.css';
import { useFormat } from '../lib/format';

interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
  /** Whether the page is scrolled to its top, where a pull may start; the window's scroll by default. */
  isAtTop?: () => boolean;
}

const windowAtTop = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

/** "今天 15:04", "昨天 09:30" or the day and time in the locale (docs/i18n.md "Formats"). */
function useUpdatedLabel(time: Date | null): string | null {
  const { t } = useTranslation();
  const format = useFormat();
  if (!time) return null;
  const at = dayjs(time);
  const today = dayjs();
  let when: string;
  if (at.isSame(today, 'day')) when = t('pull.today', { time: format.time(time) });
  else if (at.isSame(today.subtract(1, 'day'), 'day'))
    when = t('pull.yesterday', { time: format.time(time) });
  else when = format.dateTime(time);
  return t('pull.lastUpdated', { when });
}

const LABELS: Record<Exclude<PullStatus, 'idle'>, string> = {
  pulling: 'pull.pulling',
  aborting: 'pull.pulling',
  reached: 'pull.release',
  refreshing: 'pull.refreshing',
  restoring: 'pull.done',
};

/**
 * Pull the page down from its top to refresh it, with the client contract's five states and the last update
 * time.
 */
export function PullToRefresh({ onRefresh, children, isAtTop = windowAtTop }: PullToRefreshProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(pullReducer, INITIAL_PULL);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const updatedLabel = useUpdatedLabel(updatedAt);
  const rootRef = useRef<HTMLDivElement>(null);
  const startY = useRef<number | null>(null);
  const stateRef = useRef(state);
  const refreshRef = useRef(onRefresh);
  const atTopRef = useRef(isAtTop);
  // The touch listeners below live as long as the component: they read the latest values through these refs.
  useLayoutEffect(() => {
    stateRef.current = state;
    refreshRef.current = onRefresh;
    atTopRef.current = isAtTop;
  });

  // Touch listeners are attached by hand: a pull must cancel the page's own scroll, which React's passive
  // touchmove listener cannot do.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onStart = (event: TouchEvent) => {
      const status = stateRef.current.status;
      const idle = status === 'idle' || status === 'aborting' || status === 'restoring';
      startY.current = idle && atTopRef.current() ? (event.touches[0]?.clientY ?? null) : null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY.current === null) return;
      const travel = (event.touches[0]?.clientY ?? startY.current) - startY.current;
      if (travel <= 0 && stateRef.current.status === 'idle') return;
      if (event.cancelable) event.preventDefault();
      dispatch({ type: 'move', distance: damp(travel) });
    };
    const onEnd = () => {
      if (startY.current === null) return;
      startY.current = null;
      const status = stateRef.current.status;
      dispatch({ type: 'release' });
      if (status === 'reached') {
        void Promise.resolve()
          .then(() => refreshRef.current())
          .catch(() => undefined)
          .finally(() => {
            setUpdatedAt(new Date());
            dispatch({ type: 'refreshed' });
            setTimeout(() => dispatch({ type: 'settled' }), RESTORE_MS);
          });
      } else if (status === 'pulling') {
        setTimeout(() => dispatch({ type: 'settled' }), RELEASE_MS);
      }
    };
    root.addEventListener('touchstart', onStart, { passive: true });
    root.addEventListener('touchmove', onMove, { passive: false });
    root.addEventListener('touchend', onEnd);
    root.addEventListener('touchcancel', onEnd);
    return () => {
      root.removeEventListener('touchstart', onStart);
      root.removeEventListener('touchmove', onMove);
      root.removeEventListener('touchend', onEnd);
      root.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const duration = transitionMs(state.status);
  const style = {
    transform: state.distance ? `translateY(${state.distance}px)` : undefined,
    transition: duration ? `transform ${duration}ms ease-out` : 'none',
  };
  return (
    <div ref={rootRef} className="lx-pull" data-testid="pull-to-refresh" data-status={state.status}>
      <div className="lx-pull__head" style={style} aria-live="polite">
        {state.status === 'idle' ? null : (
          <>
            <span className="lx-pull__label">
              {state.status === 'refreshing' ? <DotLoading color="primary" /> : null}
              {t(LABELS[state.status])}
            </span>
            {updatedLabel ? <span className="lx-pull__time">{updatedLabel}</span> : null}
          </>
        )}
      </div>
      <div className="lx-pull__content" style={style}>
        {children}
      </div>
    </div>
  );
}
