import { RightOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistantFrame } from './message-bubble';
import { ReplyMarkdown } from '../../../components/reply-markdown';

interface GreetingProps {
  greeting: string;
  avatar: string;
  /** The bot's suggested questions: shown on a new conversation only. */
  questions: readonly string[];
  onAsk: (question: string) => void;
}

/** How a bot opens a conversation: its greeting, then up to three questions to tap. */
export const Greeting = memo(function Greeting({ greeting, avatar, questions, onAsk }: GreetingProps) {
  const { t } = useTranslation();
  return (
    <>
      {greeting ? (
        <AssistantFrame avatar={avatar} testId="greeting">
          <ReplyMarkdown source={greeting} />
        </AssistantFrame>
      ) : null}
      {questions.length > 0 ? (
        <div className="lx-questions" data-testid="suggested-questions">
          <div className="lx-questions__title">{t('chat.tryAsking')}</div>
          {questions.map((question) => (
            <button
              key={question}
              type="button"
              className="lx-questions__item"
              onClick={() => onAsk(question)}
              data-testid="suggested-question"
            >
              <span>{question}</span>
              <RightOutline />
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
});
