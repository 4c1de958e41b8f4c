import { SNIPPET_MESSAGES_MAX, type ChatMessage } from '@lingxi/contract';
import { Toast } from 'antd-mobile';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A message can go into a snippet once it is finished and says something (docs/community.md, Snippets). */
export function isSelectable(message: ChatMessage): boolean {
  return (message.status === 'complete' || message.status === 'stopped') && message.content.trim() !== '';
}

export interface SelectMode {
  active: boolean;
  selected: ReadonlySet<number>;
  /** The chosen messages in conversation order (the order the snippet keeps). */
  chosen: readonly ChatMessage[];
  /** Long-press (or 多选): select mode with this message chosen. */
  enter: (message: ChatMessage) => void;
  toggle: (message: ChatMessage) => void;
  exit: () => void;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The chat page's select mode: which messages are chosen, at most {@link SNIPPET_MESSAGES_MAX}. It belongs to one
 * conversation: opening another leaves it for good (coming back does not bring the old ticks back).
 */
export function useSelectMode(messages: readonly ChatMessage[], conversationId: number | null): SelectMode {
  const { t } = useTranslation();
  const [state, setState] = useState<{ conversationId: number; ids: ReadonlySet<number> } | null>(null);
  // Another conversation: drop the selection while rendering, before anything shows it.
  if (state !== null && state.conversationId !== conversationId) setState(null);
  const active = state !== null && state.conversationId === conversationId;
  const selected = active ? state.ids : NONE;

  const enter = useCallback((message: ChatMessage) => {
    if (isSelectable(message))
      setState({ conversationId: message.conversation_id, ids: new Set([message.id]) });
  }, []);
  const toggle = useCallback(
    (message: ChatMessage) => {
      if (!active || conversationId === null || !isSelectable(message)) return;
      const ids = new Set(selected);
      if (ids.has(message.id)) ids.delete(message.id);
      else if (ids.size >= SNIPPET_MESSAGES_MAX) {
        Toast.show({ content: t('chat.select.max', { count: SNIPPET_MESSAGES_MAX }) });
        return;
      } else ids.add(message.id);
      setState({ conversationId, ids });
    },
    [active, conversationId, selected, t],
  );
  const exit = useCallback(() => setState(null), []);
  const chosen = useMemo(() => messages.filter((m) => selected.has(m.id)), [messages, selected]);
  return { active, selected, chosen, enter, toggle, exit };
}
