import { DotLoading } from 'antd-mobile';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore, type Store } from '../../../lib/create-store';
import { AssistantFrame } from './message-bubble';
import { ReplyMarkdown } from '../../../components/reply-markdown';

interface LiveBubbleProps {
  text: Store<string>;
  avatar: string;
  /** Called after each growth, so the list can follow the reply down. */
  onGrow: () => void;
}

/** The reply being written: the only part of the page that re-renders with each delta. */
export function LiveBubble({ text, avatar, onGrow }: LiveBubbleProps) {
  const { t } = useTranslation();
  const source = useStore(text);
  useLayoutEffect(onGrow, [source, onGrow]);
  return (
    <AssistantFrame avatar={avatar} streaming testId="assistant-bubble-live">
      {source ? (
        <div className="lx-msg__live" data-testid="typing-cursor">
          <ReplyMarkdown source={source} streaming />
        </div>
      ) : (
        <span className="lx-msg__thinking" role="status">
          {t('chat.thinking')}
          <DotLoading color="currentColor" />
        </span>
      )}
    </AssistantFrame>
  );
}
