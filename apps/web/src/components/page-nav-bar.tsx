import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigateSafe } from '../lib/navigation';
import './page-nav-bar.css';

interface PageNavBarProps {
  title: ReactNode;
  right?: ReactNode;
  /** Where back goes when the page was opened directly (no history). */
  backFallback?: string;
  onBack?: () => void;
  transparent?: boolean;
}

/** The standard top bar: back arrow, centred title, optional right slot; sticks to the top. */
export function PageNavBar({ title, right, backFallback = '/', onBack, transparent }: PageNavBarProps) {
  const nav = useNavigateSafe();
  return (
    <div className={`lx-nav-bar${transparent ? ' lx-nav-bar--transparent' : ''}`}>
      <NavBar onBack={onBack ?? (() => nav.back(backFallback))} right={right} backIcon>
        {title}
      </NavBar>
    </div>
  );
}
