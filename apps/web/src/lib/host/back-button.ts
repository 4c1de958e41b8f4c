import { Toast } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { canGoBack, isTabPath } from '../navigation';
import { detectPlatform } from '../platform';

/** A second back press within this many ms of the first exits the app (seed: app only). */
export const DOUBLE_BACK_EXIT_MS = 1000;

export interface BackHandlerDeps {
  /** A tab root, or the first page of the visit: back has nowhere to go inside the app. */
  atRoot: () => boolean;
  goBack: () => void;
  /** Tells the user that one more press exits. */
  hint: () => void;
  /** The wrapper's exit; false when the wrapper has none (it then does its default). */
  exit: () => boolean;
  now?: () => number;
}

/**
 * The Android wrapper's hardware back button (docs/platforms.md, Android wrapper): on an inner page, back; on a
 * tab root (or with no history), the first press shows a hint and a second within 1000 ms exits. Returns what the
 * wrapper gets: true when the page handled the press.
 */
export function createBackHandler(deps: BackHandlerDeps): () => boolean {
  const now = deps.now ?? Date.now;
  let armedAt: number | null = null;
  return () => {
    if (!deps.atRoot()) {
      armedAt = null;
      deps.goBack();
      return true;
    }
    const at = now();
    if (armedAt !== null && at - armedAt <= DOUBLE_BACK_EXIT_MS) {
      armedAt = null;
      return deps.exit();
    }
    armedAt = at;
    deps.hint();
    return true;
  };
}

/**
 * Installs `window.lingxiOnBack` in the Android wrapper, and only there (other hosts have their own back). Mounted
 * once around the pages.
 */
export function useHostBackButton(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  const hint = useRef('');
  useEffect(() => {
    here.current = location;
    hint.current = t('platform.pressAgainToExit');
  });

  useEffect(() => {
    const win = window;
    if (detectPlatform(win) !== 'android') return;
    const handler = createBackHandler({
      atRoot: () => isTabPath(here.current.pathname) || !canGoBack(here.current.key),
      goBack: () => void navigate(-1),
      hint: () => Toast.show({ content: hint.current }),
      exit: () => {
        const exitApp = win.LingxiBridge?.exitApp;
        if (typeof exitApp !== 'function') return false;
        exitApp.call(win.LingxiBridge);
        return true;
      },
    });
    win.lingxiOnBack = handler;
    return () => {
      if (win.lingxiOnBack === handler) delete win.lingxiOnBack;
    };
  }, [navigate]);
}
