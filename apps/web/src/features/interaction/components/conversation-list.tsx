import type { Conversation } from '@lingxi/contract';
import { Dialog, Skeleton, SwipeAction, Toast } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryInfiniteScroll } from '../../../components/query-infinite-scroll';
import { ConversationItem } from '../../../components/conversation-item';
import { useDeleteConversation } from '../../../lib/api/delete-conversation';
import { useConversations } from '../../../lib/api/get-conversations';
import { useRelativeTime } from '../../../lib/relative-time';

interface ConversationListProps {
  onOpen: (conversation: Conversation) => void;
  empty: React.ReactNode;
}

/** The user's conversations, newest first, endless; swipe one left to delete it (after a confirm). */
export function ConversationList({ onOpen, empty }: ConversationListProps) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const query = useConversations();
  const remove = useDeleteConversation();
  const list = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);

  const confirmDelete = async (conversation: Conversation) => {
    const ok = await Dialog.confirm({
      content: t('interaction.deleteConfirm'),
      confirmText: <span className="lx-danger-text">{t('interaction.delete')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await remove.mutateAsync(conversation.id);
    Toast.show({ icon: 'success', content: t('interaction.deleted') });
  };

  if (query.isPending) {
    return (
      <div className="lx-interaction__list lx-card" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="lx-interaction__skeleton">
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  }
  if (list.length === 0) return <>{empty}</>;
  return (
    <>
      <div className="lx-interaction__list lx-card" data-testid="conversation-list">
        {list.map((conversation) => (
          <SwipeAction
            key={conversation.id}
            rightActions={[
              {
                key: 'delete',
                text: t('interaction.delete'),
                color: 'danger',
                onClick: () => void confirmDelete(conversation).catch(() => undefined),
              },
            ]}
          >
            <ConversationItem
              conversation={conversation}
              time={relative(conversation.updated_at)}
              onOpen={onOpen}
              emptyText={t('chat.emptyTopic')}
            />
          </SwipeAction>
        ))}
      </div>
      <QueryInfiniteScroll query={query} />
    </>
  );
}
