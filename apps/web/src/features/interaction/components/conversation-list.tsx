import type { Conversation } from '@lingxi/contract';
import { Skeleton, SwipeAction } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryInfiniteScroll } from '../../../components/query-infinite-scroll';
import { ConversationItem } from '../../../components/conversation-item';
import { useDeleteConversation } from '../../../lib/api/delete-conversation';
import { confirmDangerThen } from '../../../lib/confirm-danger';
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

  const confirmDelete = (conversation: Conversation) =>
    confirmDangerThen(
      {
        content: t('interaction.deleteConfirm'),
        confirmText: t('interaction.delete'),
        done: t('interaction.deleted'),
      },
      () => remove.mutateAsync(conversation.id),
    );

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
