import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { getToken } from '../../../lib/session';
import { useOperator } from '../../lib/operator';
import { PageHead } from '../../ui/page-head';
import { UserHeader } from './user-header';
import { UserTabs } from './user-tabs';
import { useUserDetail } from './users-api';
import { useTranslation } from 'react-i18next';

/** One user (docs/admin.md, Users): the card with the operators' actions, then the wallet and the latest records. */
export default function UserDetailPage() {
  const id = Number(useParams().id);
  const { t } = useTranslation();
  const detail = useUserDetail(id);
  const operator = useOperator(Boolean(getToken()));
  const back = (
    <Link to="/admin/users">
      <Button icon={<ArrowLeftOutlined />}>{t('users.detail.back')}</Button>
    </Link>
  );

  if (!Number.isSafeInteger(id) || id <= 0 || detail.isError) {
    return (
      <Card>
        <Result
          status="404"
          title={t('users.detail.notFound')}
          subTitle={t('users.detail.notFoundBody')}
          extra={back}
        />
      </Card>
    );
  }
  return (
    <>
      <PageHead title={t('users.detail.title')} extra={back} />
      {detail.data ? (
        <>
          <UserHeader detail={detail.data} operatorId={operator.data?.id} />
          <UserTabs detail={detail.data} />
        </>
      ) : (
        <Card>
          <Skeleton avatar active paragraph={{ rows: 6 }} />
        </Card>
      )}
    </>
  );
}
