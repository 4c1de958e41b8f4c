import { MESSAGE_MAX, type BotInput, type Citation } from '@lingxi/contract';
import { Dialog, DotLoading, Popup, TextArea } from 'antd-mobile';
import { CloseOutline, RedoOutline } from 'antd-mobile-icons';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';
import { useReplyCitations } from '../../../components/citations';
import { ReplyMarkdown } from '../../../components/reply-markdown';
import { useStore, type Store } from '../../../lib/create-store';
import { useNavigateSafe } from '../../../lib/navigation';
import { usePreviewChat, type PreviewMessage } from './use-preview-chat';
import './preview-sheet.css';

const NO_CITATIONS: Citation[] = [];

function Bubble({ avatar, message }: { avatar: string; message: PreviewMessage }) {
  if (message.role === 'user') {
    return (
      <div className="lx-pv-msg lx-pv-msg--user" data-testid="preview-user-bubble">
        <div className="lx-pv-msg__bubble">{message.content}</div>
      </div>
    );
  }
  return <ReplyBubble avatar={avatar} message={message} />;
}

/** A finished preview reply, with the passages it cited (as under a chat reply). */
function ReplyBubble({ avatar, message }: { avatar: string; message: PreviewMessage }) {
  const { t } = useTranslation();
  const citations = useReplyCitations(message.citations ?? NO_CITATIONS);
  return (
    <div className="lx-pv-msg lx-pv-msg--bot" data-testid="preview-bot-bubble">
      <BotAvatar src={avatar} size={28} />
      <div className="lx-pv-msg__main">
        <div className="lx-pv-msg__bubble">
          {message.content ? (
            <ReplyMarkdown source={message.content} {...citations.markers} />
          ) : (
            <span className="lx-muted">…</span>
          )}
        </div>
        {citations.row}
        {message.stopped ? <div className="lx-pv-msg__mark">{t('chat.stopped')}</div> : null}
        {message.error !== undefined ? (
          <div className="lx-pv-msg__error" role="alert">
            {message.error || t('chat.failed')}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function LiveBubble({ avatar, text, onGrow }: { avatar: string; text: Store<string>; onGrow: () => void }) {
  const { t } = useTranslation();
  const source = useStore(text);
  useLayoutEffect(onGrow, [source, onGrow]);
  return (
    <div className="lx-pv-msg lx-pv-msg--bot" data-testid="preview-live-bubble">
      <BotAvatar src={avatar} size={28} />
      <div className="lx-pv-msg__main">
        <div className="lx-pv-msg__bubble">
          {source ? (
            <ReplyMarkdown source={source} streaming />
          ) : (
            <span className="lx-muted" role="status">
              {t('chat.thinking')}
              <DotLoading color="currentColor" />
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

interface PreviewSheetProps {
  visible: boolean;
  onClose: () => void;
  /** The unsaved settings, already valid. */
  bot: BotInput;
}

/** A bottom sheet to talk to the bot as it is being edited: replies stream like the chat page's and cost chips. */
export function PreviewSheet({ visible, onClose, bot }: PreviewSheetProps) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const [draft, setDraft] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const chat = usePreviewChat({
    onInsufficientChips: () =>
      void Dialog.confirm({
        title: t('chat.chipsTitle'),
        content: t('chat.chipsText'),
        confirmText: t('chat.chipsGo'),
        cancelText: t('common.cancel'),
      }).then((go) => go && nav.push('/member-center')),
  });
  const toBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  useLayoutEffect(toBottom, [chat.messages, toBottom]);

  const ask = (content: string) => {
    const text = content.trim();
    if (!text || chat.streaming) return;
    setDraft('');
    void chat.send(text, bot);
  };
  const avatar = bot.avatar ?? '';
  const questions = bot.questions ?? [];

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="lx-preview">
      <div className="lx-preview__bar">
        <BotAvatar src={avatar} size={30} />
        <div className="lx-preview__heading">
          <span className="lx-preview__name">{bot.name || t('creation.preview.untitled')}</span>
          <span className="lx-preview__sub">{t('creation.preview.subtitle')}</span>
        </div>
        <button
          type="button"
          className="lx-preview__icon"
          onClick={chat.reset}
          aria-label={t('creation.preview.restart')}
          disabled={chat.messages.length === 0 && !chat.streaming}
          data-testid="preview-reset"
        >
          <RedoOutline />
        </button>
        <button type="button" className="lx-preview__icon" onClick={onClose} aria-label={t('common.close')}>
          <CloseOutline />
        </button>
      </div>
      <div className="lx-preview__scroll" ref={scrollRef} data-testid="preview-messages">
        <div className="lx-preview__note">{t('creation.preview.note')}</div>
        {bot.greeting ? (
          <Bubble avatar={avatar} message={{ id: 0, role: 'assistant', content: bot.greeting }} />
        ) : null}
        {chat.messages.length === 0 && questions.length > 0 ? (
          <div className="lx-preview__questions">
            {questions.map((q) => (
              <button key={q} type="button" className="lx-preview__question" onClick={() => ask(q)}>
                {q}
              </button>
            ))}
          </div>
        ) : null}
        {chat.messages.map((message) => (
          <Bubble key={message.id} avatar={avatar} message={message} />
        ))}
        {chat.streaming ? <LiveBubble avatar={avatar} text={chat.text} onGrow={toBottom} /> : null}
      </div>
      <div className="lx-preview__composer">
        <TextArea
          className="lx-preview__input"
          value={draft}
          onChange={setDraft}
          placeholder={t('creation.preview.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          rows={1}
          maxLength={MESSAGE_MAX}
          data-testid="preview-input"
        />
        {chat.streaming ? (
          <button
            type="button"
            className="lx-preview__send lx-preview__send--stop"
            onClick={chat.stop}
            aria-label={t('chat.stop')}
            data-testid="preview-stop"
          >
            <span className="lx-preview__stop-square" />
          </button>
        ) : (
          <button
            type="button"
            className="lx-preview__send"
            onClick={() => ask(draft)}
            disabled={!draft.trim()}
            aria-label={t('chat.send')}
            data-testid="preview-send"
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 19V5M5.5 11.5 12 5l6.5 6.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
      </div>
    </Popup>
  );
}
