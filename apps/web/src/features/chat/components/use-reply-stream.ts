import { ErrorCode, type ChatMessage, type UserInfo } from '@lingxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { CONVERSATIONS_KEY } from '../../../lib/api/get-conversations';
import { isApiError, type ApiError } from '../../../lib/api-error';
import { createStore, type Store } from '../../../lib/create-store';
import { sessionStore, setUserInfo } from '../../../lib/session';
import { messagesKey, patchMessages } from '../api/get-messages';
import { regenerateReply } from '../api/regenerate-reply';
import { sendMessage, type ReplyEvent } from '../api/send-message';

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

/** Deltas arrive faster than frames: they are gathered and shown once per frame. */
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
      pending += text;
      if (frame === null) frame = requestAnimationFrame(flush);
    },
    flush() {
      if (frame !== null) cancelAnimationFrame(frame);
      flush();
    },
  };
}

/** Sends, regenerates and stops replies; keeps the message cache in step with what the stream said. */
export function useReplyStream({ ensureConversation, onInsufficientChips }: ReplyStreamOptions) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveReply | null>(null);
  const text = useMemo(() => createStore(''), []);
  const controllerRef = useRef<AbortController | null>(null);
  const optionsRef = useRef({ ensureConversation, onInsufficientChips });
  useLayoutEffect(() => {
    optionsRef.current = { ensureConversation, onInsufficientChips };
  });

  useEffect(() => () => controllerRef.current?.abort(), []);

  const updateBalance = useCallback(
    (balance: number) => {
      const user = sessionStore.get().user;
      if (user) setUserInfo({ ...user, chips: balance });
      queryClient.setQueriesData<UserInfo>({ queryKey: ['user', 'profile'] }, (u) =>
        u ? { ...u, chips: balance } : u,
      );
    },
    [queryClient],
  );

  /** Reads one stream to its end. Resolves true when the server accepted the request (the stream started). */
  const run = useCallback(
    async (reply: LiveReply, open: (signal: AbortSignal) => AsyncGenerator<ReplyEvent>): Promise<boolean> => {
      const controller = new AbortController();
      controllerRef.current = controller;
      const { conversationId, replacing } = reply;
      let current = reply;
      let userMessage = reply.userMessage;
      const batcher = frameBatcher(text);
      text.set('');
      setLive(reply);
      const settle = (messages: (ChatMessage | null)[]) => {
        const keep = messages.filter((m): m is ChatMessage => m !== null && m.id > 0);
        patchMessages(queryClient, conversationId, keep, replacing && current.messageId ? [replacing] : []);
        setLive(null);
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      };
      try {
        for await (const event of open(controller.signal)) {
          if (event.event === 'start') {
            userMessage = event.data.user_message ?? userMessage;
            current = { ...current, userMessage, messageId: event.data.message_id };
            setLive(current);
          } else if (event.event === 'delta') {
            batcher.push(event.data.text);
          } else if (event.event === 'done') {
            batcher.flush();
            updateBalance(event.data.balance);
            settle([userMessage, event.data.message]);
            return true;
          } else if (event.event === 'error') {
            batcher.flush();
            settle([userMessage, event.data.message]);
            if (event.data.code === ErrorCode.INSUFFICIENT_CHIPS) optionsRef.current.onInsufficientChips();
            else if (!event.data.message) Toast.show({ content: event.data.msg });
            return true;
          }
        }
        // The stream ended without a verdict: show what arrived, then ask the server what it kept.
        batcher.flush();
        settle([userMessage]);
        void queryClient.invalidateQueries({ queryKey: messagesKey(conversationId) });
        return current.messageId !== null;
      } catch (error) {
        batcher.flush();
        const started = current.messageId !== null;
        const partial: ChatMessage | null = started
          ? {
              ...localMessage(conversationId, text.get()),
              id: current.messageId!,
              role: 'assistant',
              status: isApiError(error) && error.kind === 'aborted' ? 'stopped' : 'failed',
              error: isApiError(error) && error.kind !== 'aborted' ? error.message : null,
            }
          : null;
        settle(started ? [userMessage, partial] : []);
        // The server keeps its own copy of a stopped or broken reply: fetch it once it has been saved.
        if (started)
          setTimeout(
            () => void queryClient.invalidateQueries({ queryKey: messagesKey(conversationId) }),
            800,
          );
        const apiError = error as ApiError;
        if (isApiError(apiError) && apiError.kind !== 'aborted' && !apiError.isNotLoggedIn) {
          if (apiError.code === ErrorCode.INSUFFICIENT_CHIPS) optionsRef.current.onInsufficientChips();
          else Toast.show({ content: apiError.message });
        }
        return started;
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [queryClient, text, updateBalance],
  );

  const send = useCallback(
    async (content: string): Promise<boolean> => {
      if (controllerRef.current) return false;
      let conversationId: number;
      try {
        conversationId = await optionsRef.current.ensureConversation();
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
    [run],
  );

  const regenerate = useCallback(
    (conversationId: number, replyId: number) => {
      if (controllerRef.current) return;
      const reply = { conversationId, userMessage: null, messageId: null, replacing: replyId };
      void run(reply, (signal) => regenerateReply(conversationId, signal));
    },
    [run],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { live, text, send, regenerate, stop, streaming: live !== null };
}
