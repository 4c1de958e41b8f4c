import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHead } from './page-head';

/** A console page still being built (its issue is open). */
export function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHead title={title} />
      <Card>
        <Empty description={t('frame.building')} />
      </Card>
    </>
  );
}
