import { PAGE_LOADING_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '@lingxi/contract';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { PageLoadError } from '../components/page-load-error';
import { PageLoading } from '../components/page-loading';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface LazyPageOptions {
  /** Nothing is shown before this; then the loading state (docs/product.md, Client contract: 200 ms). */
  delay?: number;
  /** A page not loaded by then shows an error with retry (docs/product.md, Client contract: 60 s). */
  timeout?: number;
  renderLoading?: () => ReactNode;
  renderError?: (retry: () => void) => ReactNode;
}

type Phase = 'waiting' | 'loading' | 'error';

type Load = { resolved: ComponentType | null; pending: Promise<ComponentType> | null };

/** One load per loader, shared by its pages and by `preloadPage`: a preloaded page renders at once. */
const loads = new WeakMap<PageLoader, Load>();

function loadOf(loader: PageLoader): Load {
  let entry = loads.get(loader);
  if (!entry) loads.set(loader, (entry = { resolved: null, pending: null }));
  return entry;
}

function startLoad(loader: PageLoader): Promise<ComponentType> {
  const entry = loadOf(loader);
  entry.pending ??= loader().then(
    (module) => (entry.resolved = module.default),
    (error: unknown) => {
      entry.pending = null;
      throw error;
    },
  );
  return entry.pending;
}

/** Fetches a page's code ahead of its visit; a failure is left for the visit to show (with its retry). */
export function preloadPage(loader: PageLoader): Promise<void> {
  return startLoad(loader).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * A lazily loaded page. Unlike React.lazy it shows nothing for the first `delay` ms (so fast chunks do not flash
 * a spinner), then a loader, and gives up with a retry after `timeout` ms.
 */
export function lazyPage(loader: PageLoader, options: LazyPageOptions = {}): ComponentType {
  const delay = options.delay ?? PAGE_LOADING_DELAY_MS;
  const timeout = options.timeout ?? PAGE_LOAD_TIMEOUT_MS;
  const entry = loadOf(loader);
  const load = () => startLoad(loader);

  function LazyPage() {
    const [component, setComponent] = useState<ComponentType | null>(() => entry.resolved);
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
        entry.pending = null;
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
