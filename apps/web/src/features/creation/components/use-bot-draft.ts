import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { storage } from '../../../lib/storage';
import { sameValues, type BotFormValues } from './bot-form-values';

/** How long typing pauses before the draft is written. */
export const DRAFT_SAVE_MS = 600;

export interface StoredBotDraft {
  values: BotFormValues;
  saved_at: string;
}

/** One draft per user and per bot (or `new`), so two accounts on a device never see each other's. */
export const botDraftName = (userId: number | null | undefined, botId: number | null) =>
  `bot:${userId ?? 0}:${botId ?? 'new'}`;

export function readBotDraft(name: string): StoredBotDraft | null {
  const draft = storage.getDraft<StoredBotDraft>(name);
  return draft && typeof draft === 'object' && draft.values && typeof draft.values === 'object'
    ? draft
    : null;
}

/** Values equal to the starting ones need no draft: it is removed. */
function persist(name: string, initial: BotFormValues, values: BotFormValues) {
  if (sameValues(values, initial)) storage.setDraft(name, null);
  else storage.setDraft(name, { values, saved_at: new Date().toISOString() } satisfies StoredBotDraft);
}

/**
 * The editor's values, kept on the device: a stored draft that differs from the starting values is restored at
 * once (the page says so); every change is written shortly after typing stops, and at once when the page is left.
 */
export function useBotDraft(name: string, initial: BotFormValues) {
  const [start] = useState(() => {
    const draft = readBotDraft(name);
    return draft && !sameValues(draft.values, initial)
      ? { values: { ...initial, ...draft.values }, restoredAt: draft.saved_at }
      : { values: initial, restoredAt: null };
  });
  const [values, setValues] = useState<BotFormValues>(start.values);
  const [restoredAt, setRestoredAt] = useState<string | null>(start.restoredAt);
  const stopped = useRef(false);
  const pending = useRef(false);
  const latest = useRef({ name, initial, values });
  useLayoutEffect(() => {
    latest.current = { name, initial, values };
  });

  useEffect(() => {
    if (stopped.current) return;
    pending.current = true;
    const timer = setTimeout(() => {
      pending.current = false;
      persist(name, initial, values);
    }, DRAFT_SAVE_MS);
    return () => clearTimeout(timer);
  }, [name, initial, values]);

  // Leaving (closing the tab, going back): write what is pending at once.
  useEffect(() => {
    const flush = () => {
      if (stopped.current || !pending.current) return;
      pending.current = false;
      persist(latest.current.name, latest.current.initial, latest.current.values);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  /** The work was saved to the server: forget the draft and stop writing it. */
  const clear = useCallback(() => {
    stopped.current = true;
    storage.setDraft(name, null);
  }, [name]);

  /** Throw the restored draft away and start again from the starting values. */
  const discard = useCallback(() => {
    storage.setDraft(name, null);
    setRestoredAt(null);
    setValues(initial);
  }, [name, initial]);

  return { values, setValues, restoredAt, clear, discard };
}
