import type { ReactNode } from 'react';
import { EmptyChatIllustration } from './illustrations';
import './empty-state.css';

interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  illustration?: ReactNode;
  /** Inside a white card (on the grey page background) or flat. */
  card?: boolean;
}

/** Nothing to list yet: an illustration, a line of why, and what to do next. */
export function EmptyState({ title, text, action, illustration, card = true }: EmptyStateProps) {
  return (
    <section className={`lx-empty-state${card ? ' lx-card' : ''}`} data-testid="empty-state">
      {illustration ?? <EmptyChatIllustration size={160} />}
      <div className="lx-empty-state__title">{title}</div>
      {text ? <div className="lx-empty-state__text">{text}</div> : null}
      {action ? <div className="lx-empty-state__action">{action}</div> : null}
    </section>
  );
}
