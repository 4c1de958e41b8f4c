import type { BotInput, Citation, PreviewTurn } from '@lingxi/contract';
import { useCallback, useState } from 'react';
import { useStreamingReply } from '../../../lib/use-streaming-reply';
import { previewBot, type PreviewEvents } from '../api/preview-bot';

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
  const stream = useStreamingReply({ onInsufficientChips });
  const { run, isBusy, cancel } = stream;

  const send = useCallback(
    async (content: string, bot: BotInput) => {
      if (isBusy()) return;
      const user: PreviewMessage = { id: nextId++, role: 'user', content };
      const history = [...messages.filter((m) => !m.error), user]
        .slice(-HISTORY_MAX)
        .map(({ role, content: c }) => ({ role, content: c }));
      setMessages((list) => [...list, user]);
      const add = (reply: Omit<PreviewMessage, 'id' | 'role'>) => {
        if (reply.content || reply.error !== undefined || reply.stopped) {
          setMessages((list) => [...list, { id: nextId++, role: 'assistant', ...reply }]);
        }
      };
      // From the start event, so that a reply stopped halfway still shows what its [n] markers cite.
      let citations: Citation[] | undefined;
      await run<PreviewEvents>({
        open: (signal) => previewBot({ bot, messages: history }, signal),
        onStart: (data) => {
          citations = data.citations;
        },
        onDone: (data, text) => add({ content: text, citations: data.citations }),
        onError: (data, text) => add({ content: text, error: data.msg || '', citations }),
        onCut: (text, error) => {
          if (!error) add({ content: text, citations });
          else if (text) {
            const stopped = error.kind === 'aborted';
            add({ content: text, stopped, error: stopped ? undefined : error.message, citations });
          }
        },
      });
    },
    [messages, run, isBusy],
  );

  /** A new preview conversation: a reply still being written belongs to the old one and is dropped. */
  const reset = useCallback(() => {
    cancel();
    setMessages([]);
  }, [cancel]);

  return { messages, text: stream.text, streaming: stream.streaming, send, stop: stream.stop, reset };
}
