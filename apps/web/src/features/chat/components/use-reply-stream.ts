import { ErrorCode, type ChatMessage } from '@lingxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { useStreamingReply } from '../../../lib/use-streaming-reply';
import { patchMessages } from '../api/get-messages';
import { regenerateReply } from '../api/regenerate-reply';
import { sendMessage, type ReplyEvent, type ReplyEvents } from '../api/send-message';

/** The reply being written right now. Its text lives in `text`, so each delta re-renders only the live bubble. */
export interface LiveReply {
  conversationId: number;
  /** The user's message: a local stand-in until the server confirms it (none when regenerating). */
  userMessage: ChatMessage | null;
  /** The reply's id, known once the stream starts. */
  messageId: number | null;
  /** Regenerating: the reply being replaced, hidden meanwhile. */
  replacing: number | null;
}

export interface ReplyStreamOptions {
  /** A conversation id, or a function creating one on the first message of a new topic. */
  ensureConversation: () => Promise<number>;
  onInsufficientChips: () => void;
}

function localMessage(conversationId: number, content: string): ChatMessage {
  return {
    id: -Date.now(),
    conversation_id: conversationId,
    role: 'user',
    content,
    status: 'complete',
    model: null,
    chips: 0,
    rating: 0,
    error: null,
    citations: [],
    created_at: new Date().toISOString(),
  };
}

/** Sends, regenerates and stops replies; keeps the message cache in step with what the stream said. */
export function useReplyStream({ ensureConversation, onInsufficientChips }: ReplyStreamOptions) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveReply | null>(null);
  const stream = useStreamingReply({ onInsufficientChips });
  const { run: runTurn, isBusy } = stream;
  const ensureRef = useRef(ensureConversation);
  useLayoutEffect(() => {
    ensureRef.current = ensureConversation;
  });

  /** Reads one reply to its end. Resolves true when the server accepted the request (the stream started). */
  const run = useCallback(
    async (reply: LiveReply, open: (signal: AbortSignal) => AsyncGenerator<ReplyEvent>): Promise<boolean> => {
      const { conversationId, replacing } = reply;
      let current = reply;
      let accepted = false;
      const refresh = () =>
        void queryClient.invalidateQueries({ queryKey: queryKeys.messages(conversationId) });
      const settle = (messages: (ChatMessage | null)[]) => {
        const keep = messages.filter((m): m is ChatMessage => m !== null && m.id > 0);
        patchMessages(queryClient, conversationId, keep, replacing && current.messageId ? [replacing] : []);
        setLive(null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
      };
      if (isBusy()) return false;
      setLive(reply);
      await runTurn<ReplyEvents>({
        open,
        onStart: (data) => {
          current = {
            ...current,
            userMessage: data.user_message ?? current.userMessage,
            messageId: data.message_id,
          };
          setLive(current);
        },
        onDone: (data) => {
          accepted = true;
          settle([current.userMessage, data.message]);
        },
        onError: (data) => {
          accepted = true;
          settle([current.userMessage, data.message]);
          if (data.code !== ErrorCode.INSUFFICIENT_CHIPS && !data.message) Toast.show({ content: data.msg });
        },
        onCut: (text, error) => {
          accepted = current.messageId !== null;
          if (!error) {
            // The stream ended without a verdict: show what arrived, then ask the server what it kept.
            settle([current.userMessage]);
            refresh();
            return;
          }
          const stopped = error.kind === 'aborted';
          const partial: ChatMessage | null = accepted
            ? {
                ...localMessage(conversationId, text),
                id: current.messageId!,
                role: 'assistant',
                status: stopped ? 'stopped' : 'failed',
                error: stopped ? null : error.message,
              }
            : null;
          settle(accepted ? [current.userMessage, partial] : []);
          // The server keeps its own copy of a stopped or broken reply: fetch it once it has been saved.
          if (accepted) setTimeout(refresh, 800);
        },
      });
      return accepted;
    },
    [queryClient, runTurn, isBusy],
  );

  const send = useCallback(
    async (content: string): Promise<boolean> => {
      if (isBusy()) return false;
      let conversationId: number;
      try {
        conversationId = await ensureRef.current();
      } catch {
        return false; // The request client already said why (toast or login dialog).
      }
      const reply = {
        conversationId,
        userMessage: localMessage(conversationId, content),
        messageId: null,
        replacing: null,
      };
      return run(reply, (signal) => sendMessage(conversationId, { content }, signal));
    },
    [run, isBusy],
  );

  const regenerate = useCallback(
    (conversationId: number, replyId: number) => {
      if (isBusy()) return;
      const reply = { conversationId, userMessage: null, messageId: null, replacing: replyId };
      void run(reply, (signal) => regenerateReply(conversationId, signal));
    },
    [run, isBusy],
  );

  return { live, text: stream.text, send, regenerate, stop: stream.stop, streaming: live !== null };
}
