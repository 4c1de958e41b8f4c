import type { ReactNode } from 'react';

/** A soft-coloured rounded square behind a line icon. */
export function EntryIcon({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span className="lx-entry-icon" style={{ color, background: `${color}1a` }}>
      {children}
    </span>
  );
}
