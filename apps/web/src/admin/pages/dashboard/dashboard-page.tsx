import { ReloadOutlined } from '@ant-design/icons';
import { DASHBOARD_RANGES, type AdminDashboard } from '@lingxi/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Segmented, Skeleton, Space, Tooltip } from 'antd';
import { useSearchParams } from 'react-router';
import { request } from '../../../lib/request';
import { consoleKeys } from '../../lib/console-keys';
import { formatClock, formatCount, formatYuan } from '../../lib/format';
import { PageHead } from '../../ui/page-head';
import { KpiCard } from './kpi-card';
import { PendingCard } from './pending-card';
import { COLORS, TrendCharts } from './trend-charts';
import './dashboard.css';
import { useTranslation } from 'react-i18next';

type Range = (typeof DASHBOARD_RANGES)[number];

const rangeOf = (value: string | null): Range =>
  DASHBOARD_RANGES.find((r) => String(r) === value) ?? DASHBOARD_RANGES[0];

/** The operators' first page (docs/admin.md, Dashboard): today against yesterday, the range by day, the queues. */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation();
  const days = rangeOf(params.get('days'));
  const query = useQuery({
    queryKey: consoleKeys.of('dashboard', days),
    queryFn: () => request.get<AdminDashboard>('/api/v1/admin/dashboard', { params: { days } }),
    refetchInterval: 60_000,
  });
  const data = query.data;
  const list = data?.days ?? [];
  const today = list.at(-1);

  return (
    <>
      <PageHead
        title={t('dashboard.title')}
        description={
          <>
            {t('dashboard.lead')}
            {data ? (
              <>
                {' '}
                {t('dashboard.usersTotal')} <b>{formatCount(data.users_total)}</b> ·{' '}
                {t('dashboard.updatedAt', { time: formatClock(data.at) })}
              </>
            ) : null}
          </>
        }
        extra={
          <Space>
            <Segmented<Range>
              value={days}
              options={DASHBOARD_RANGES.map((r) => ({
                label: t('dashboard.lastDays', { count: r }),
                value: r,
              }))}
              onChange={(r) =>
                setParams(r === DASHBOARD_RANGES[0] ? {} : { days: String(r) }, { replace: true })
              }
            />
            <Tooltip title={t('common.refresh')}>
              <Button
                icon={<ReloadOutlined spin={query.isFetching} />}
                onClick={() => void query.refetch()}
                aria-label={t('common.refresh')}
              />
            </Tooltip>
          </Space>
        }
      />
      {query.isError && !data ? (
        <Card>
          <Result
            status="warning"
            title={t('dashboard.loadFailed')}
            extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
          />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={18}>
              {data ? (
                <Row gutter={[16, 16]}>
                  <Kpi
                    title={t('dashboard.figures.usersNew')}
                    figure="users_new"
                    color={COLORS.teal}
                    days={list}
                  />
                  <Kpi title={t('dashboard.figures.dau')} figure="dau" color={COLORS.violet} days={list} />
                  <Kpi
                    title={t('dashboard.figures.conversations')}
                    figure="conversations"
                    color={COLORS.blue}
                    days={list}
                  />
                  <Kpi
                    title={t('dashboard.figures.replies')}
                    figure="replies"
                    color={COLORS.pink}
                    days={list}
                  />
                  <Kpi
                    title={t('dashboard.figures.chips')}
                    figure="chips_spent"
                    color={COLORS.orange}
                    days={list}
                  />
                  <Col xs={24} md={12} lg={8}>
                    <KpiCard
                      title={t('dashboard.figures.revenue')}
                      figure="revenue_fen"
                      days={list}
                      color={COLORS.green}
                      format={formatYuan}
                      footer={t('dashboard.orders', {
                        count: today?.orders ?? 0,
                        formatted: formatCount(today?.orders ?? 0),
                      })}
                    />
                  </Col>
                </Row>
              ) : (
                <Card>
                  <Skeleton active paragraph={{ rows: 5 }} />
                </Card>
              )}
            </Col>
            <Col xs={24} xl={6}>
              <PendingCard pending={data?.pending} />
            </Col>
          </Row>
          <div style={{ height: 16 }} />
          {data ? (
            <TrendCharts days={list} />
          ) : (
            <Card>
              <Skeleton active paragraph={{ rows: 8 }} />
            </Card>
          )}
        </>
      )}
    </>
  );
}

function Kpi(props: {
  title: string;
  figure: 'users_new' | 'dau' | 'conversations' | 'replies' | 'chips_spent';
  color: string;
  days: AdminDashboard['days'];
}) {
  return (
    <Col xs={24} md={12} lg={8}>
      <KpiCard {...props} format={formatCount} />
    </Col>
  );
}
