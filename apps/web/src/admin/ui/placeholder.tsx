import { Card, Empty } from 'antd';
import { PageHead } from './page-head';

/** A console page still being built (its issue is open). */
export function Placeholder({ title }: { title: string }) {
  return (
    <>
      <PageHead title={title} />
      <Card>
        <Empty description="建设中" />
      </Card>
    </>
  );
}
