import {
  countGraphemes,
  SNIPPET_NOTE_MAX,
  SNIPPET_TITLE_MAX,
  type ChatMessage,
  type Snippet,
} from '@lingxi/contract';
import { Button, Input, Popup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetHeader } from '../../../components/sheet-header';
import { sliceGraphemes } from '../../../lib/graphemes';
import { plainText } from '../../../lib/plain-text';
import { useThrottleFn } from '../../../lib/use-throttle-fn';
import { useCreateSnippet } from '../api/create-snippet';
import './save-snippet-popup.css';

/** A title to start from: the first chosen message's opening words, without Markdown marks. */
export function suggestTitle(messages: readonly ChatMessage[]): string {
  return sliceGraphemes(plainText(messages[0]?.content ?? ''), SNIPPET_TITLE_MAX).trim();
}

function Counter({ value, max }: { value: string; max: number }) {
  const n = countGraphemes(value.trim());
  return (
    <span className={`lx-save-snippet__count${n > max ? ' lx-save-snippet__count--over' : ''}`}>
      {n}/{max}
    </span>
  );
}

interface FormProps {
  conversationId: number;
  messages: readonly ChatMessage[];
  onSaved: (snippet: Snippet) => void;
}

function SnippetForm({ conversationId, messages, onSaved }: FormProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(() => suggestTitle(messages));
  const [note, setNote] = useState('');
  const create = useCreateSnippet();
  const titleLength = countGraphemes(title.trim());
  const valid =
    titleLength > 0 && titleLength <= SNIPPET_TITLE_MAX && countGraphemes(note.trim()) <= SNIPPET_NOTE_MAX;

  const save = useThrottleFn(() => {
    if (!valid || create.isPending) return;
    create.mutate(
      {
        conversation_id: conversationId,
        message_ids: messages.map((m) => m.id),
        title: title.trim(),
        note: note.trim(),
      },
      { onSuccess: onSaved },
    );
  });

  return (
    <div className="lx-save-snippet__form">
      <p className="lx-save-snippet__summary">{t('chat.select.summary', { count: messages.length })}</p>
      <label className="lx-save-snippet__field">
        <span className="lx-save-snippet__label">
          {t('chat.select.titleLabel')}
          <Counter value={title} max={SNIPPET_TITLE_MAX} />
        </span>
        <Input
          className="lx-save-snippet__input"
          value={title}
          onChange={setTitle}
          placeholder={t('chat.select.titlePlaceholder')}
          clearable
          data-testid="snippet-title"
        />
      </label>
      <label className="lx-save-snippet__field">
        <span className="lx-save-snippet__label">
          {t('chat.select.noteLabel')}
          <Counter value={note} max={SNIPPET_NOTE_MAX} />
        </span>
        <TextArea
          className="lx-save-snippet__input"
          value={note}
          onChange={setNote}
          placeholder={t('chat.select.notePlaceholder')}
          autoSize={{ minRows: 3, maxRows: 6 }}
          data-testid="snippet-note"
        />
      </label>
      <Button
        block
        shape="rounded"
        color="primary"
        className="lx-primary-button"
        disabled={!valid}
        loading={create.isPending}
        onClick={save}
        data-testid="snippet-save"
      >
        {t('chat.select.save')}
      </Button>
    </div>
  );
}

interface SaveSnippetPopupProps extends FormProps {
  visible: boolean;
  onClose: () => void;
}

/** 保存为片段: a title (the first message's words to start with) and a note for the chosen messages. */
export function SaveSnippetPopup({ visible, onClose, ...form }: SaveSnippetPopupProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="lx-sheet lx-save-snippet" data-testid="save-snippet-popup">
        <SheetHeader title={t('chat.select.saveTitle')} onClose={onClose} />
        <SnippetForm {...form} />
      </div>
    </Popup>
  );
}
