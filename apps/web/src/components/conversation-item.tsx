import type { Conversation } from '@lingxi/contract';
import { memo } from 'react';
import { plainText } from '../lib/plain-text';
import { BotAvatar } from './bot-avatar';
import './conversation-item.css';

interface ConversationItemProps {
  conversation: Conversation;
  time: string;
  onOpen: (conversation: Conversation) => void;
  /** Shown when the conversation has no message yet. */
  emptyText: string;
}

/** One conversation in a list: the bot, the last message on one line, and when. */
export const ConversationItem = memo(function ConversationItem({
  conversation,
  time,
  onOpen,
  emptyText,
}: ConversationItemProps) {
  const { bot } = conversation;
  const subtitle = conversation.title && conversation.title !== bot.name ? conversation.title : null;
  return (
    <button
      type="button"
      className="lx-conversation-item"
      onClick={() => onOpen(conversation)}
      data-testid="conversation-item"
    >
      <BotAvatar src={bot.avatar} size={46} />
      <span className="lx-conversation-item__body">
        <span className="lx-conversation-item__top">
          <span className="lx-conversation-item__name">
            {bot.name}
            {subtitle ? <span className="lx-conversation-item__title"> · {subtitle}</span> : null}
          </span>
          <span className="lx-conversation-item__time">{time}</span>
        </span>
        <span className="lx-conversation-item__last">
          {plainText(conversation.last_message) || emptyText}
        </span>
      </span>
    </button>
  );
});
