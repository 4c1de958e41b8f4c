import { TextArea, type TextAreaRef } from 'antd-mobile';
import { MESSAGE_MAX } from '@lingxi/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendIcon, StopIcon } from './chat-icons';

interface ChatComposerProps {
  placeholder: string;
  streaming: boolean;
  /** Resolves false when the message was not taken (refused before the reply started): the text comes back. */
  onSend: (content: string) => Promise<boolean>;
  onStop: () => void;
}

/** Desktop keyboards send with Enter (Shift+Enter for a new line); phones send with the button. */
const enterSends = () => typeof window !== 'undefined' && window.matchMedia?.('(hover: hover)').matches;

/** The input: grows with the text up to five rows, sends, and turns into a stop button while a reply streams. */
export function ChatComposer({ placeholder, streaming, onSend, onStop }: ChatComposerProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const inputRef = useRef<TextAreaRef>(null);
  const canSend = value.trim().length > 0 && !streaming;

  const submit = () => {
    const content = value.trim();
    if (!content || streaming) return;
    setValue('');
    void onSend(content).then((taken) => {
      if (!taken) setValue((current) => current || content);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (!enterSends()) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className="lx-composer">
      <div className="lx-composer__box">
        <TextArea
          ref={inputRef}
          className="lx-composer__input"
          value={value}
          onChange={setValue}
          placeholder={placeholder}
          autoSize={{ minRows: 1, maxRows: 5 }}
          rows={1}
          maxLength={MESSAGE_MAX}
          enterKeyHint="send"
          onKeyDown={onKeyDown}
          id="lx-chat-input"
          data-testid="chat-input"
        />
        {streaming ? (
          <button
            type="button"
            className="lx-composer__button lx-composer__button--stop"
            onClick={onStop}
            aria-label={t('chat.stop')}
            data-testid="chat-stop"
          >
            <StopIcon />
          </button>
        ) : (
          <button
            type="button"
            className="lx-composer__button"
            onClick={submit}
            disabled={!canSend}
            aria-label={t('chat.send')}
            data-testid="chat-send"
          >
            <SendIcon />
          </button>
        )}
      </div>
      <div className="lx-composer__note">{t('chat.aiNote')}</div>
    </div>
  );
}
