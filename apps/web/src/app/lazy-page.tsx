import { PAGE_LOADING_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '@lingxi/contract';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { PageLoadError } from '../components/page-load-error';
import { PageLoading } from '../components/page-loading';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface LazyPageOptions {
  /** Nothing is shown before this; then the loading state (seed: 200 ms). */
  delay?: number;
  /** A page not loaded by then shows an error with retry (seed: 60 s). */
  timeout?: number;
  renderLoading?: () => ReactNode;
  renderError?: (retry: () => void) => ReactNode;
}

type Phase = 'waiting' | 'loading' | 'error';

/**
 * A lazily loaded page. Unlike React.lazy it shows nothing for the first `delay` ms (so fast chunks do not flash
 * a spinner), then a loader, and gives up with a retry after `timeout` ms.
 */
export function lazyPage(loader: PageLoader, options: LazyPageOptions = {}): ComponentType {
  const delay = options.delay ?? PAGE_LOADING_DELAY_MS;
  const timeout = options.timeout ?? PAGE_LOAD_TIMEOUT_MS;
  let resolved: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;

  const load = () => {
    pending ??= loader().then(
      (module) => (resolved = module.default),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function LazyPage() {
    const [component, setComponent] = useState<ComponentType | null>(() => resolved);
    const [phase, setPhase] = useState<Phase>('waiting');
    const [attempt, setAttempt] = useState(0);

    useEffect(() => {
      if (component) return;
      let active = true;
      const loadingTimer = setTimeout(() => setPhase((p) => (p === 'waiting' ? 'loading' : p)), delay);
      const timeoutTimer = setTimeout(() => setPhase('error'), timeout);
      load().then(
        (loaded) => {
          // A chunk that arrives late still wins over the time-out error.
          if (active) setComponent(() => loaded);
        },
        () => {
          if (active) setPhase('error');
        },
      );
      return () => {
        active = false;
        clearTimeout(loadingTimer);
        clearTimeout(timeoutTimer);
      };
    }, [component, attempt]);

    if (component) {
      const Page = component;
      return <Page />;
    }
    if (phase === 'error') {
      const retry = () => {
        pending = null;
        setPhase('waiting');
        setAttempt((n) => n + 1);
      };
      return options.renderError ? options.renderError(retry) : <PageLoadError onRetry={retry} />;
    }
    if (phase === 'loading') return options.renderLoading ? options.renderLoading() : <PageLoading />;
    return null;
  }

  return LazyPage;
}
