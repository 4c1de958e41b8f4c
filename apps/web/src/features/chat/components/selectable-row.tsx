import type { ChatMessage } from '@lingxi/contract';
import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLongPress } from '../../../lib/use-long-press';
import { isSelectable } from './use-select-mode';
import './selectable-row.css';

interface SelectableRowProps {
  message: ChatMessage;
  /** The page is in select mode: the row is a checkbox. */
  selecting: boolean;
  checked: boolean;
  /** Long-press on the bubble; absent when select mode is not offered (logged out, no conversation, a stream). */
  onLongPress?: (message: ChatMessage) => void;
  onToggle: (message: ChatMessage) => void;
  children: ReactNode;
}

/**
 * One message of the list. Out of select mode a long press on its bubble starts select mode; in it, the whole row
 * toggles a round check on its side (what the bubble holds, links and buttons alike, does not react meanwhile).
 * Both modes are one element tree, so entering select mode neither redraws the bubbles nor forgets the press that
 * started it: the click ending that press is swallowed, not taken as a toggle.
 */
export function SelectableRow({
  message,
  selecting,
  checked,
  onLongPress,
  onToggle,
  children,
}: SelectableRowProps) {
  const { t } = useTranslation();
  const selectable = isSelectable(message);
  const press = useLongPress(!selecting && selectable && onLongPress ? () => onLongPress(message) : null, {
    within: '.lx-msg__bubble',
  });

  const className = selecting
    ? `lx-msg-row lx-msg-row--selecting${checked ? ' lx-msg-row--checked' : ''}${
        selectable ? '' : ' lx-msg-row--disabled'
      }`
    : 'lx-msg-row';
  return (
    <div
      className={className}
      data-message-id={message.id}
      {...press}
      role={selecting ? 'checkbox' : undefined}
      aria-checked={selecting ? checked : undefined}
      aria-disabled={selecting ? !selectable : undefined}
      aria-label={
        selecting
          ? t(message.role === 'user' ? 'chat.select.userMessage' : 'chat.select.botMessage')
          : undefined
      }
      tabIndex={selecting ? (selectable ? 0 : -1) : undefined}
      data-testid={selecting ? 'select-row' : undefined}
      onKeyDown={(event) => {
        if (selecting && (event.key === ' ' || event.key === 'Enter')) {
          event.preventDefault();
          onToggle(message);
        }
      }}
      onClickCapture={(event) => {
        press.onClickCapture(event);
        if (!selecting || event.isPropagationStopped()) return;
        event.stopPropagation();
        event.preventDefault();
        onToggle(message);
      }}
    >
      {/* The check takes the first slot only in select mode; the content keeps its place (and its DOM). */}
      {selecting ? (
        <span className="lx-msg-row__check" aria-hidden="true">
          {checked ? <CheckOutline /> : null}
        </span>
      ) : null}
      <div className="lx-msg-row__content">{children}</div>
    </div>
  );
}
