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
  /** Long-press on the bubble; absent when select mode is not offered (logged out, no conversation). */
  onLongPress?: (message: ChatMessage) => void;
  onToggle: (message: ChatMessage) => void;
  children: ReactNode;
}

/**
 * One message of the list. Out of select mode a long press on its bubble starts select mode; in it, the whole row
 * toggles a round check on its side (what the bubble holds, links and buttons alike, does not react meanwhile).
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

  if (!selecting) {
    return (
      <div className="lx-msg-row" data-message-id={message.id} {...press}>
        {children}
      </div>
    );
  }
  return (
    <div
      className={`lx-msg-row lx-msg-row--selecting${checked ? ' lx-msg-row--checked' : ''}${
        selectable ? '' : ' lx-msg-row--disabled'
      }`}
      role="checkbox"
      aria-checked={checked}
      aria-disabled={!selectable}
      aria-label={t(message.role === 'user' ? 'chat.select.userMessage' : 'chat.select.botMessage')}
      tabIndex={selectable ? 0 : -1}
      data-message-id={message.id}
      data-testid="select-row"
      onClickCapture={(event) => {
        event.stopPropagation();
        event.preventDefault();
        onToggle(message);
      }}
      onKeyDown={(event) => {
        if (event.key === ' ' || event.key === 'Enter') {
          event.preventDefault();
          onToggle(message);
        }
      }}
    >
      <span className="lx-msg-row__check" aria-hidden="true">
        {checked ? <CheckOutline /> : null}
      </span>
      <div className="lx-msg-row__content">{children}</div>
    </div>
  );
}
