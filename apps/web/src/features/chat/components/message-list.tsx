import type { ChatMessage } from '@lingxi/contract';
import { DotLoading } from 'antd-mobile';
import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Store } from '../../../lib/create-store';
import type { Rating } from '../api/rate-message';
import { LiveBubble } from './live-bubble';
import { ReplyBubble, UserBubble } from './message-bubble';
import { SelectableRow } from './selectable-row';

const noop = () => undefined;

/** Closer than this to the bottom counts as "at the bottom": the list then follows new text down. */
const STICK_PX = 80;
/** Closer than this to the top loads older messages. */
const OLDER_PX = 160;

export interface MessageListHandle {
  /** Jump to the newest message and follow the stream again (the user just sent something). */
  scrollToBottom: () => void;
}

interface MessageListProps {
  /** Oldest first. */
  messages: readonly ChatMessage[];
  avatar: string;
  /** Above everything, however far back the conversation goes: e.g. that the replies are samples. */
  notice?: ReactNode;
  /** Above the messages: the greeting (and questions), once the oldest page is loaded. */
  header: ReactNode;
  pendingUser: ChatMessage | null;
  liveText: Store<string> | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  lastReplyId: number | null;
  busy: boolean;
  onRegenerate: (message: ChatMessage) => void;
  onRate: (message: ChatMessage, rating: Rating) => void;
  /** Select mode (saving messages as a snippet); absent where it is not offered. */
  selection?: MessageSelection;
}

export interface MessageSelection {
  active: boolean;
  selected: ReadonlySet<number>;
  /** Long-press on a bubble, or a reply's 多选; absent while a reply streams (the composer holds 停止 then). */
  onStart?: (message: ChatMessage) => void;
  onToggle: (message: ChatMessage) => void;
}

/** The conversation, scrolled from the bottom; older pages load when the user scrolls near the top. */
export const MessageList = forwardRef<MessageListHandle, MessageListProps>(function MessageList(
  {
    messages,
    avatar,
    notice,
    header,
    pendingUser,
    liveText,
    hasOlder,
    loadingOlder,
    onLoadOlder,
    lastReplyId,
    busy,
    onRegenerate,
    onRate,
    selection,
  },
  ref,
) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstId = messages[0]?.id ?? null;
  const lastId = messages.at(-1)?.id ?? null;

  const toBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const follow = useCallback(() => {
    if (stick.current) toBottom();
  }, [toBottom]);

  useImperativeHandle(ref, () => ({
    scrollToBottom: () => {
      stick.current = true;
      toBottom();
    },
  }));

  // Older messages went in above: keep what the user was reading where it was.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [firstId, lastId, pendingUser, liveText]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (el.scrollTop < OLDER_PX && hasOlder && !loadingOlder && !anchor.current) {
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      onLoadOlder();
    }
  };

  return (
    <div className="lx-chat__scroll" ref={scrollRef} onScroll={onScroll} data-testid="message-list">
      <div className="lx-chat__messages">
        {notice}
        {hasOlder ? (
          <div className="lx-chat__older">
            {loadingOlder ? <DotLoading color="primary" /> : null}
            <span>{t(loadingOlder ? 'chat.loadingOlder' : 'chat.scrollForOlder')}</span>
          </div>
        ) : (
          header
        )}
        {messages.map((message) => (
          <SelectableRow
            key={message.id}
            message={message}
            selecting={Boolean(selection?.active)}
            checked={Boolean(selection?.selected.has(message.id))}
            onLongPress={selection?.onStart}
            onToggle={selection?.onToggle ?? noop}
          >
            {message.role === 'user' ? (
              <UserBubble content={message.content} />
            ) : (
              <ReplyBubble
                message={message}
                avatar={avatar}
                canRegenerate={!busy && message.id === lastReplyId}
                onRegenerate={onRegenerate}
                onRate={onRate}
                onSelect={selection?.onStart}
              />
            )}
          </SelectableRow>
        ))}
        {pendingUser ? <UserBubble content={pendingUser.content} /> : null}
        {liveText ? <LiveBubble text={liveText} avatar={avatar} onGrow={follow} /> : null}
      </div>
    </div>
  );
});
