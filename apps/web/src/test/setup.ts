import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { addLocaleTexts } from '../lib/i18n';
import { resources } from '../locales/all';

// Every language's texts at hand, as tests render in several; the app fetches the reader's alone (lib/i18n.ts).
addLocaleTexts(resources);

// The reply renderer at hand, as once the app has fetched it (components/reply-markdown.tsx): tests read replies at
// once. Only where there is a DOM: it brings antd-mobile, whose CommonJS build a node-environment test cannot load.
if (typeof document !== 'undefined') {
  const { loadReplyRenderer } = await import('../components/reply-markdown');
  await loadReplyRenderer();
}

// Unmount what a test rendered (vitest runs without globals, so Testing Library cannot do it by itself).
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  // Toasts and dialogs opened imperatively live in their own roots under <body>; drop what is left of them.
  const { Dialog, Toast } = await import('antd-mobile');
  Dialog.clear();
  Toast.clear();
  document.body.replaceChildren();
});

// jsdom lacks a few browser APIs that antd-mobile touches.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }
  if (!window.scrollTo) window.scrollTo = () => undefined;
}

export {};
