import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

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
