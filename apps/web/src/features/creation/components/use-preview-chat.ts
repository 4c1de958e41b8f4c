import { ErrorCode, type BotInput, type Citation } from '@lingxi/contract';
import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { createStore } from '../../../lib/create-store';
import { sessionStore, setUserInfo } from '../../../lib/session';
import { previewBot, type PreviewTurn } from '../api/preview-bot';

/** The server takes at most 20 messages of preview history. */
const HISTORY_MAX = 20;

export interface PreviewMessage extends PreviewTurn {
  id: number;
  /** A reply cut short: by the user (stopped) or by a failure (its message). */
  stopped?: boolean;
  error?: string;
  /** The knowledge passages the reply's prompt had (finished or stopped), numbered as its [n] markers. */
  citations?: Citation[];
}

interface PreviewChatOptions {
  onInsufficientChips: () => void;
}

let nextId = 1;

/** A throwaway conversation with the unsaved settings: nothing is stored, each reply streams like a chat reply. */
export function usePreviewChat({ onInsufficientChips }: PreviewChatOptions) {
  const [messages, setMessages] = useState<PreviewMessage[]>([]);
  const [streaming, setStreaming] = useState(false);
  const text = useMemo(() => createStore(''), []);
  const controllerRef = useRef<AbortController | null>(null);
  /** Bumped by reset: a reply still finishing then belongs to a conversation that is gone. */
  const generation = useRef(0);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const send = useCallback(
    async (content: string, bot: BotInput) => {
      if (controllerRef.current) return;
      const controller = new AbortController();
      controllerRef.current = controller;
      const user: PreviewMessage = { id: nextId++, role: 'user', content };
      const history = [...messages.filter((m) => !m.error), user]
        .slice(-HISTORY_MAX)
        .map(({ role, content: c }) => ({ role, content: c }));
      setMessages((list) => [...list, user]);
      text.set('');
      setStreaming(true);
      const turn = generation.current;
      const finish = (reply: Omit<PreviewMessage, 'id' | 'role'> | null) => {
        if (turn !== generation.current) return;
        if (reply && (reply.content || reply.error !== undefined || reply.stopped)) {
          setMessages((list) => [...list, { id: nextId++, role: 'assistant', ...reply }]);
        }
        text.set('');
        setStreaming(false);
      };
      // From the start event, so that a reply stopped halfway still shows what its [n] markers cite.
      let citations: Citation[] | undefined;
      try {
        for await (const event of previewBot({ bot, messages: history }, controller.signal)) {
          if (event.event === 'start') {
            citations = event.data.citations;
          } else if (event.event === 'delta') {
            text.set(text.get() + event.data.text);
          } else if (event.event === 'done') {
            const balance = event.data.balance;
            const user = sessionStore.get().user;
            if (typeof balance === 'number' && user) setUserInfo({ ...user, chips: balance });
            finish({ content: text.get(), citations: event.data.citations });
            return;
          } else if (event.event === 'error') {
            if (event.data.code === ErrorCode.INSUFFICIENT_CHIPS) onInsufficientChips();
            finish({ content: text.get(), error: event.data.msg || '', citations });
            return;
          }
        }
        finish({ content: text.get(), citations });
      } catch (error) {
        const aborted = isApiError(error) && error.kind === 'aborted';
        if (!aborted && isApiError(error) && !error.isNotLoggedIn) {
          if (error.code === ErrorCode.INSUFFICIENT_CHIPS) onInsufficientChips();
          else Toast.show({ content: error.message });
        }
        const message = isApiError(error) ? error.message : String(error);
        finish(
          text.get()
            ? { content: text.get(), stopped: aborted, error: aborted ? undefined : message, citations }
            : null,
        );
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [messages, text, onInsufficientChips],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const reset = useCallback(() => {
    generation.current += 1;
    controllerRef.current?.abort();
    controllerRef.current = null;
    text.set('');
    setStreaming(false);
    setMessages([]);
  }, [text]);

  return { messages, text, streaming, send, stop, reset };
}
