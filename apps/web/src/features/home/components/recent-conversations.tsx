import type { Conversation } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { ConversationItem } from '../../../components/conversation-item';
import { useRelativeTime } from '../../../lib/relative-time';

interface RecentConversationsProps {
  conversations: readonly Conversation[];
  onOpen: (conversation: Conversation) => void;
}

/** The last few conversations, to pick one up again. */
export function RecentConversations({ conversations, onOpen }: RecentConversationsProps) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <div className="lx-home__recent lx-card">
      {conversations.map((conversation) => (
        <ConversationItem
          key={conversation.id}
          conversation={conversation}
          time={relative(conversation.updated_at)}
          onOpen={onOpen}
          emptyText={t('chat.emptyTopic')}
        />
      ))}
    </div>
  );
}
