import type { ReactNode } from 'react';

/** A console page's title row: the title, one line on what the page is for, and its main actions on the right. */
export function PageHead({
  title,
  description,
  extra,
}: {
  title: string;
  description?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="console-page-head">
      <div>
        <h1>{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {extra ? <div>{extra}</div> : null}
    </div>
  );
}
