import { Skeleton } from 'antd-mobile';

/** Three grey cards while the first page of the feed loads. */
export function FeedSkeleton() {
  return (
    <div className="lx-feed__skeleton" role="status" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="lx-feed__skeleton-card">
          <div className="lx-feed__skeleton-head">
            <Skeleton animated className="lx-feed__skeleton-avatar" />
            <Skeleton.Title animated />
          </div>
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ))}
    </div>
  );
}
