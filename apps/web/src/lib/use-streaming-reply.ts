import { ErrorCode } from '@lingxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ApiError, isApiError } from './api-error';
import { createStore, type Store } from './create-store';
import { setChipBalance } from './profile';
import type { StreamEvent } from './stream-request';

/**
 * What every streamed reply says (a chat reply's and a bot preview's events, docs/product.md, Chat): `start`, text
 * in `delta`s, then `done` with the new chip balance, or `error` with a code.
 */
export interface ReplyEventMap {
  start: unknown;
  delta: { text: string };
  done: { balance: number };
  error: { code: number; msg: string };
}

/** One reply: how to ask for it, and what to do with its verdict. */
export interface ReplyTurn<M extends ReplyEventMap> {
  /** Sends the request; the stream ends with one of `done` or `error` (its final events). */
  open: (signal: AbortSignal) => AsyncIterable<StreamEvent<M>>;
  onStart?: (data: M['start']) => void;
  /** The reply is complete: `text` is all of it. The balance is already in the profile. */
  onDone: (data: M['done'], text: string) => void;
  /** The server gave up on the reply (`text` is what had arrived). Insufficient chips is already handled. */
  onError: (data: M['error'], text: string) => void;
  /**
   * No verdict: the stream ended early (`error` null), the user stopped it (`error.kind` 'aborted') or it failed.
   * A failure is already told to the user (toast, chips dialog or login dialog).
   */
  onCut: (text: string, error: ApiError | null) => void;
}

export interface StreamingReplyOptions {
  onInsufficientChips: () => void;
}

/**
 * Deltas arrive faster than frames: they are gathered and shown once per frame. The first one shows at once, so
 * the wait for the first words is not a frame longer.
 */
function frameBatcher(store: Store<string>) {
  let pending = '';
  let frame: number | null = null;
  const flush = () => {
    frame = null;
    if (!pending) return;
    const add = pending;
    pending = '';
    store.set((prev) => prev + add);
  };
  return {
    push(text: string) {
      if (!store.get() && !pending && frame === null) {
        store.set(text);
        return;
      }
      pending += text;
      if (frame === null) frame = requestAnimationFrame(flush);
    },
    flush() {
      if (frame !== null) cancelAnimationFrame(frame);
      flush();
    },
  };
}

/**
 * Streams replies one at a time, for the chat page and the bot editor's preview alike: the text as it arrives (in
 * `text`, so a delta re-renders only what shows it), stop, the new balance into the profile after a charge, and the
 * same answer to every failure. What a reply becomes afterwards is the caller's (`ReplyTurn`).
 */
export function useStreamingReply({ onInsufficientChips }: StreamingReplyOptions) {
  const queryClient = useQueryClient();
  const text = useMemo(() => createStore(''), []);
  const [streaming, setStreaming] = useState(false);
  const current = useRef<{ controller: AbortController; cancelled: boolean } | null>(null);
  const insufficientRef = useRef(onInsufficientChips);
  useLayoutEffect(() => {
    insufficientRef.current = onInsufficientChips;
  });

  useEffect(() => () => current.current?.controller.abort(), []);

  /** Reads one reply to its verdict. Resolves when it is settled; refused (false) while another is streaming. */
  const run = useCallback(
    async <M extends ReplyEventMap>(turn: ReplyTurn<M>): Promise<boolean> => {
      if (current.current) return false;
      const self = { controller: new AbortController(), cancelled: false };
      current.current = self;
      const batcher = frameBatcher(text);
      text.set('');
      setStreaming(true);
      /** Settles the reply once: its handler runs unless the reply was cancelled meanwhile. */
      const settle = (handler: (text: string) => void) => {
        batcher.flush();
        if (!self.cancelled) handler(text.get());
      };
      try {
        for await (const event of turn.open(self.controller.signal) as AsyncIterable<
          StreamEvent<ReplyEventMap>
        >) {
          if (self.cancelled) break;
          if (event.event === 'start') {
            turn.onStart?.(event.data as M['start']);
          } else if (event.event === 'delta') {
            batcher.push(event.data.text);
          } else if (event.event === 'done') {
            if (typeof event.data.balance === 'number') setChipBalance(queryClient, event.data.balance);
            settle((all) => turn.onDone(event.data as M['done'], all));
            return true;
          } else if (event.event === 'error') {
            if (event.data.code === ErrorCode.INSUFFICIENT_CHIPS) insufficientRef.current();
            settle((all) => turn.onError(event.data as M['error'], all));
            return true;
          }
        }
        settle((all) => turn.onCut(all, null));
        return true;
      } catch (caught) {
        // The request client turns every failure into an ApiError; anything else is a fault of this page.
        const error = isApiError(caught)
          ? caught
          : new ApiError({ message: String(caught), kind: 'network' });
        settle((all) => turn.onCut(all, error));
        if (!self.cancelled && isApiError(caught) && error.kind !== 'aborted' && !error.isNotLoggedIn) {
          if (error.code === ErrorCode.INSUFFICIENT_CHIPS) insufficientRef.current();
          else Toast.show({ content: error.message });
        }
        return true;
      } finally {
        if (current.current === self) {
          current.current = null;
          text.set('');
          setStreaming(false);
        }
      }
    },
    [queryClient, text],
  );

  /** Stops the reply being written: it settles as stopped (`onCut` with an aborted error). */
  const stop = useCallback(() => current.current?.controller.abort(), []);

  /** Drops the reply being written without settling it (its conversation is gone). */
  const cancel = useCallback(() => {
    const self = current.current;
    if (!self) return;
    self.cancelled = true;
    current.current = null;
    self.controller.abort();
    text.set('');
    setStreaming(false);
  }, [text]);

  /** A reply is being written (true from the call, before React shows `streaming`). */
  const isBusy = useCallback(() => current.current !== null, []);

  return { text, streaming, run, stop, cancel, isBusy };
}
