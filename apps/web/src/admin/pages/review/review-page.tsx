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

const TABS = [
  { key: 'bots', label: '智能体', count: 'bots', Queue: BotsQueue },
  { key: 'posts', label: '帖子', count: 'posts', Queue: PostsQueue },
  { key: 'comments', label: '评论', count: 'comments', Queue: CommentsQueue },
  { key: 'reports', label: '举报', count: 'reports', Queue: ReportsQueue },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The review queues (docs/admin.md, Review): one tab each, with what waits in it, oldest first. */
export default function ReviewPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.some((t) => t.key === params.get('tab')) ? (params.get('tab') as TabKey) : 'bots';
  const queryClient = useQueryClient();
  const counts = useQuery({
    queryKey: countsKey,
    queryFn: () => request.get<ReviewCounts>('/api/v1/admin/review/counts'),
    refetchInterval: 60_000,
  });
  return (
    <>
      <PageHead
        title="审核队列"
        description="先提交的在前；通过或驳回后立即从队列移除，作者会在消息中心收到结果。"
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: consoleKeys.area('review') })}
          >
            刷新
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
              {label}
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
