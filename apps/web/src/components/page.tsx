import type { ReactNode } from 'react';
import { PageNavBar } from './page-nav-bar';

interface PageProps {
  title: ReactNode;
  children: ReactNode;
  right?: ReactNode;
  backFallback?: string;
  /** Extra class on the body, e.g. for a white background. */
  bodyClassName?: string;
}

/** A page with the standard NavBar and a padded body. */
export function Page({ title, children, right, backFallback, bodyClassName }: PageProps) {
  return (
    <div className="lx-page">
      <PageNavBar title={title} right={right} backFallback={backFallback} />
      <main className={`lx-page-body${bodyClassName ? ` ${bodyClassName}` : ''}`}>{children}</main>
    </div>
  );
}
