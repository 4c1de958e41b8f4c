import type { ChatMessage } from '@lingxi/contract';
import { Dialog, DotLoading, Toast } from 'antd-mobile';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useBot } from '../../../lib/api/get-bot';
import { useConversations } from '../../../lib/api/get-conversations';
import { useSetFavourite } from '../../../lib/api/set-favourite';
import { useNavigateSafe } from '../../../lib/navigation';
import { loginUrl } from '../../../lib/relogin';
import { useSession } from '../../../lib/session';
import { useCreateConversation } from '../api/create-conversation';
import { useMessages } from '../api/get-messages';
import { useRateMessage, type Rating } from '../api/rate-message';
import { BotUnavailable } from '../components/bot-unavailable';
import { ChatComposer } from '../components/chat-composer';
import { ChatHeader } from '../components/chat-header';
import { Greeting } from '../components/greeting';
import { HistoryPopup } from '../components/history-popup';
import { MessageList, type MessageListHandle } from '../components/message-list';
import { OfflineNotice } from '../components/offline-notice';
import { SelectBar } from '../components/select-bar';
import { useSelectMode } from '../components/use-select-mode';
import { useReplyStream } from '../components/use-reply-stream';
import { useViewportHeight } from '../../../lib/use-viewport-height';
import { useBotShareCard } from '../../../lib/wechat/share-cards';
import './chat-page.css';

const NEW = 'new';

/**
 * /bot/:id — chat with a bot. `?conversation=<id>` opens that conversation, `?conversation=new` a new topic (created
 * on the first message); without it, the newest conversation with this bot, or a new topic when there is none.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const botId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const { isLoggedIn } = useSession();
  const bot = useBot(botId);
  const conversations = useConversations({ botId });
  const param = search.get('conversation');
  const conversationId =
    param === NEW
      ? null
      : param && Number(param) > 0
        ? Number(param)
        : (conversations.data?.pages[0]?.list[0]?.id ?? null);
  const resolving = !param && isLoggedIn && conversations.isPending;
  const messages = useMessages(conversationId);
  const listRef = useRef<MessageListHandle>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const createConversation = useCreateConversation();
  const favourite = useSetFavourite();
  const rate = useRateMessage();
  const height = useViewportHeight();
  useBotShareCard(bot.data);

  const openConversation = useCallback(
    (id: number | typeof NEW) => setSearch({ conversation: String(id) }, { replace: true }),
    [setSearch],
  );

  const stream = useReplyStream({
    ensureConversation: async () => {
      if (conversationId !== null) return conversationId;
      const created = await createConversation.mutateAsync(botId);
      openConversation(created.id);
      return created.id;
    },
    // useStreamingReply calls the latest of these, so the conversation here is the current one.
    onInsufficientChips: () => {
      // After paying, the member centre offers the way back to this conversation (docs/money.md).
      const query = search.toString();
      const here =
        conversationId !== null
          ? `/bot/${botId}?conversation=${conversationId}`
          : `/bot/${botId}${query ? `?${query}` : ''}`;
      void Dialog.confirm({
        title: t('chat.chipsTitle'),
        content: t('chat.chipsText'),
        confirmText: t('chat.chipsGo'),
        cancelText: t('common.cancel'),
      }).then((go) => {
        if (go) nav.push(`/member-center?${new URLSearchParams({ redirect: here }).toString()}`);
      });
    },
  });

  const { live } = stream;
  const hidden = useMemo(
    () => new Set([live?.userMessage?.id, live?.messageId, live?.replacing].filter((id) => id != null)),
    [live],
  );
  const list = useMemo(() => {
    if (conversationId === null) return [];
    const all = messages.data?.pages.flatMap((page) => page.list) ?? [];
    return all.filter((m) => !hidden.has(m.id)).reverse();
  }, [messages.data, hidden, conversationId]);
  const lastReplyId = list.findLast((m) => m.role === 'assistant')?.id ?? null;
  const select = useSelectMode(list, conversationId);
  const selection = useMemo(
    () =>
      isLoggedIn && conversationId !== null
        ? {
            active: select.active,
            selected: select.selected,
            // Select mode hides the composer, and with it 停止: not while a reply streams.
            onStart: stream.streaming ? undefined : select.enter,
            onToggle: select.toggle,
          }
        : undefined,
    [
      isLoggedIn,
      conversationId,
      select.active,
      select.selected,
      select.enter,
      select.toggle,
      stream.streaming,
    ],
  );

  const send = useCallback(
    (content: string) => {
      listRef.current?.scrollToBottom();
      return stream.send(content);
    },
    [stream],
  );
  const regenerate = useCallback(
    (message: ChatMessage) => stream.regenerate(message.conversation_id, message.id),
    [stream],
  );
  const onRate = useCallback(
    (message: ChatMessage, rating: Rating) => rate.mutate({ id: message.id, rating }),
    [rate],
  );
  const ask = useCallback((question: string) => void send(question), [send]);

  const withLogin = (action: () => void) => () => {
    if (isLoggedIn) action();
    else nav.push(loginUrl(`/bot/${botId}${param ? `?conversation=${param}` : ''}`));
  };
  const newTopic = () => {
    if (stream.streaming) return;
    openConversation(NEW);
    if (conversationId === null) Toast.show({ content: t('chat.alreadyNew') });
  };
  const toggleFavourite = withLogin(() => {
    if (!bot.data) return;
    const next = !bot.data.is_favourite;
    favourite.mutate(
      { botId, favourite: next },
      { onSuccess: () => Toast.show({ content: t(next ? 'chat.favourited' : 'chat.unfavourited') }) },
    );
  });

  if (!Number.isInteger(botId) || botId <= 0)
    return <BotUnavailable error={null} onRetry={() => undefined} />;
  if (bot.isError && !bot.data)
    return <BotUnavailable error={bot.error} onRetry={() => void bot.refetch()} />;

  const data = bot.data;
  const empty = list.length === 0 && !live;
  const loading = !data || resolving || (conversationId !== null && messages.isPending);
  return (
    <div className="lx-chat" style={{ height }}>
      <ChatHeader
        name={data?.name ?? ''}
        avatar={data?.avatar ?? ''}
        model={data?.model ?? null}
        isFavourite={Boolean(data?.is_favourite)}
        busy={stream.streaming}
        onBack={() => nav.back('/')}
        onNewTopic={newTopic}
        onHistory={withLogin(() => setHistoryOpen(true))}
        onToggleFavourite={toggleFavourite}
      />
      {loading ? (
        <div className="lx-chat__loading" role="status">
          <DotLoading color="primary" />
        </div>
      ) : (
        <MessageList
          ref={listRef}
          messages={list}
          avatar={data.avatar}
          notice={data.model.provider === 'offline' ? <OfflineNotice /> : null}
          header={
            <Greeting
              greeting={data.greeting}
              avatar={data.avatar}
              questions={empty ? data.questions : []}
              onAsk={ask}
            />
          }
          pendingUser={live?.userMessage ?? null}
          liveText={live ? stream.text : null}
          hasOlder={Boolean(messages.hasNextPage)}
          loadingOlder={messages.isFetchingNextPage}
          onLoadOlder={() => void messages.fetchNextPage()}
          lastReplyId={lastReplyId}
          busy={stream.streaming}
          onRegenerate={regenerate}
          onRate={onRate}
          selection={selection}
        />
      )}
      {select.active && conversationId !== null ? (
        <SelectBar select={select} conversationId={conversationId} />
      ) : null}
      {/* Hidden, not unmounted, in select mode: what the user was typing stays. */}
      <div className="lx-chat__composer" hidden={select.active}>
        <ChatComposer
          placeholder={data ? t('chat.inputPlaceholder', { name: data.name }) : ''}
          streaming={stream.streaming}
          onSend={send}
          onStop={stream.stop}
        />
      </div>
      {isLoggedIn ? (
        <HistoryPopup
          visible={historyOpen}
          botId={botId}
          currentId={conversationId}
          onClose={() => setHistoryOpen(false)}
          onPick={(id) => {
            setHistoryOpen(false);
            if (id !== conversationId) {
              stream.stop();
              openConversation(id);
            }
          }}
        />
      ) : null}
    </div>
  );
}
