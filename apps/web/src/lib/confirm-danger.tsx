import { Dialog, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { i18n } from './i18n';

type Question = { title?: ReactNode; content: ReactNode; confirmText: string };

/** Asks before something that cannot be undone: the confirm button in the danger colour. */
export function confirmDanger(q: Question): Promise<boolean> {
  return Dialog.confirm({
    title: q.title,
    content: q.content,
    confirmText: <span className="lx-danger-text">{q.confirmText}</span>,
    cancelText: i18n.t('common.cancel'),
  });
}

const FAILED = Symbol('failed');

/**
 * {@link confirmDanger}, then `action` if the user agreed, then `done` as a success toast. A failed action
 * shows nothing more (the request layer has told the user why). Resolves whether it was done.
 */
export async function confirmDangerThen(q: Question & { done: string }, action: () => Promise<unknown>) {
  if (!(await confirmDanger(q))) return false;
  if ((await action().catch(() => FAILED)) === FAILED) return false;
  Toast.show({ icon: 'success', content: q.done });
  return true;
}
