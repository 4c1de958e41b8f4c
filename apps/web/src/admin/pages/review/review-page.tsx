import { ReloadOutlined } from '@ant-design/icons';
import type { ReviewCounts } from '@lingxi/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { request } from '../../../lib/request';
import { consoleKeys } from '../../lib/console-keys';
import { PageHead } from '../../ui/page-head';
import { BotsQueue, CommentsQueue, PostsQueue, ReportsQueue } from './queues';
import './review.css';
import { countsKey } from './use-review-queue';
import { useTranslation } from 'react-i18next';

/** `label`: a key in the console texts. */
const TABS = [
  { key: 'bots', label: 'review.page.bots', count: 'bots', Queue: BotsQueue },
  { key: 'posts', label: 'review.page.posts', count: 'posts', Queue: PostsQueue },
  { key: 'comments', label: 'review.page.comments', count: 'comments', Queue: CommentsQueue },
  { key: 'reports', label: 'review.page.reports', count: 'reports', Queue: ReportsQueue },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The review queues (docs/admin.md, Review): one tab each, with what waits in it, oldest first. */
export default function ReviewPage() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation();
  const tab: TabKey = TABS.some((x) => x.key === params.get('tab')) ? (params.get('tab') as TabKey) : 'bots';
  const queryClient = useQueryClient();
  const counts = useQuery({
    queryKey: countsKey,
    queryFn: () => request.get<ReviewCounts>('/api/v1/admin/review/counts'),
    refetchInterval: 60_000,
  });
  return (
    <>
      <PageHead
        title={t('review.page.title')}
        description={t('review.page.lead')}
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: consoleKeys.area('review') })}
          >
            {t('common.refresh')}
          </Button>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map(({ key, label, count, Queue }) => ({
          key,
          label: (
            <span>
              {t(label)}
              <Badge
                count={counts.data?.[count] ?? 0}
                overflowCount={999}
                size="small"
                style={{ marginLeft: 6, boxShadow: 'none' }}
                color={key === tab ? '#5b5bf6' : '#ff4d4f'}
              />
            </span>
          ),
          children: <Queue />,
        }))}
      />
    </>
  );
}
