import { InfiniteScroll, Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useConversations } from '../../../lib/api/get-conversations';
import { plainText } from '../../../lib/plain-text';
import { useRelativeTime } from '../../../lib/relative-time';

interface HistoryPopupProps {
  visible: boolean;
  botId: number;
  currentId: number | null;
  onClose: () => void;
  onPick: (conversationId: number) => void;
}

/** The earlier conversations with this bot, newest first: pick one to continue it. */
export function HistoryPopup({ visible, botId, currentId, onClose, onPick }: HistoryPopupProps) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const query = useConversations({ botId });
  const list = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="lx-history"
      destroyOnClose
    >
      <div className="lx-sheet">
        <div className="lx-sheet__title">{t('chat.history')}</div>
        <div className="lx-history__list" data-testid="history-list">
          {list.map((conversation) => (
            <button
              key={conversation.id}
              type="button"
              className={`lx-history__item${conversation.id === currentId ? ' lx-history__item--current' : ''}`}
              onClick={() => onPick(conversation.id)}
              data-testid="history-item"
            >
              <span className="lx-history__text">
                <span className="lx-history__last">
                  {(conversation.title !== conversation.bot.name && conversation.title) ||
                    plainText(conversation.last_message) ||
                    t('chat.emptyTopic')}
                </span>
                <span className="lx-history__meta">
                  {relative(conversation.updated_at)} ·{' '}
                  {t('chat.messageCount', { count: conversation.message_count })}
                </span>
              </span>
              {conversation.id === currentId ? <CheckOutline className="lx-history__check" /> : null}
            </button>
          ))}
          {query.isSuccess && list.length === 0 ? (
            <div className="lx-history__empty">{t('chat.historyEmpty')}</div>
          ) : null}
          {list.length > 0 ? (
            <InfiniteScroll
              loadMore={async () => void (await query.fetchNextPage())}
              hasMore={query.hasNextPage && !query.isFetchNextPageError}
            />
          ) : null}
        </div>
      </div>
    </Popup>
  );
}
