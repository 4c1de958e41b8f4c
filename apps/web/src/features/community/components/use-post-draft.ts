import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { storage } from '../../../lib/storage';
import { isEmptyDraft, parsePostDraft, type PostDraft } from './release-draft';

/** How long typing pauses before the draft is written. */
export const POST_DRAFT_SAVE_MS = 400;

/** The stored draft, if there is one worth restoring. */
export function readPostDraft(name: string): PostDraft | null {
  return parsePostDraft(storage.getDraft<unknown>(name));
}

function persist(name: string, draft: PostDraft) {
  storage.setDraft(name, isEmptyDraft(draft) ? null : draft);
}

/**
 * Keeps the release page's draft on the device (the page starts from {@link readPostDraft}): every change is
 * written shortly after typing stops, and at once when the page is left or the tab hidden. `clear` forgets it for
 * good (the post was published).
 */
export function usePostDraft(name: string, draft: PostDraft) {
  const stopped = useRef(false);
  const pending = useRef(false);
  const latest = useRef({ name, draft });
  useLayoutEffect(() => {
    latest.current = { name, draft };
  });

  useEffect(() => {
    if (stopped.current) return;
    pending.current = true;
    const timer = setTimeout(() => {
      pending.current = false;
      persist(name, draft);
    }, POST_DRAFT_SAVE_MS);
    return () => clearTimeout(timer);
  }, [name, draft]);

  useEffect(() => {
    const flush = () => {
      if (stopped.current || !pending.current) return;
      pending.current = false;
      persist(latest.current.name, latest.current.draft);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  const clear = useCallback(() => {
    stopped.current = true;
    storage.setDraft(name, null);
  }, [name]);

  return { clear };
}
