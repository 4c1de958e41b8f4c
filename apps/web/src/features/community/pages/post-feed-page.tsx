import type { Topic } from '@lingxi/contract';
import { Button, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FloatingAddButton } from '../../../components/floating-add-button';
import { PageNavBar } from '../../../components/page-nav-bar';
import { PostCard } from '../../../components/post-card';
import { PullToRefresh } from '../../../components/pull-to-refresh';
import { QueryList } from '../../../components/query-list';
import { useNavigateSafe } from '../../../lib/navigation';
import type { PostPages } from '../../../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { useLoginGate } from '../../../lib/use-login-gate';
import { usePostFeed, type FeedTab } from '../api/get-post-feed';
import { useTopics } from '../api/get-topics';
import { FeedSkeleton } from '../components/feed-skeleton';
import './post-feed-page.css';

const TABS: readonly FeedTab[] = ['recommend', 'latest'];

/** The tab and the topic live in the URL (`?tab=latest&topic=3`): back from a post finds the same feed. */
function useFeedParams() {
  const [params, setParams] = useSearchParams();
  const tab: FeedTab = params.get('tab') === 'latest' ? 'latest' : 'recommend';
  const topicId = Number(params.get('topic')) || undefined;
  const set = useCallback(
    (key: 'tab' | 'topic', value: string | undefined) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { tab, topicId, set };
}

function TopicRow({
  topics,
  active,
  onPick,
}: {
  topics: Topic[];
  active?: number;
  onPick: (id?: number) => void;
}) {
  const { t } = useTranslation();
  const chips = [{ id: undefined, name: t('community.allTopics') }, ...topics];
  return (
    <div className="lx-feed__topics" role="group" aria-label={t('community.topics')}>
      {chips.map((topic) => {
        const on = topic.id === active;
        return (
          <button
            key={topic.id ?? 'all'}
            type="button"
            aria-pressed={on}
            className={`lx-feed__topic${on ? ' lx-feed__topic--active' : ''}`}
            onClick={() => onPick(topic.id)}
          >
            {topic.id === undefined ? topic.name : `#${topic.name}`}
          </button>
        );
      })}
    </div>
  );
}

/**
 * /post, the community: 推荐 / 最新, the topics, the posts in an endless list with pull to refresh, and 发布.
 * Logged out, everyone can read; writing asks to log in.
 */
export default function PostFeedPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const gate = useLoginGate();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const { tab, topicId, set } = useFeedParams();
  const topics = useTopics();
  const feed = usePostFeed(tab, topicId);
  const release = () => void gate(() => nav.push('/post/release'));

  // A pull starts the feed over: its first page, fetched fresh (the pages below it are dropped, not refetched).
  const refresh = async () => {
    queryClient.setQueryData<PostPages>(queryKeys.posts.feed(tab, topicId, token), (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await Promise.all([feed.refetch(), topics.isError ? topics.refetch() : null]);
  };

  return (
    <div className="lx-feed">
      <div className="lx-feed__top">
        <PageNavBar title={t('titles.post')} backFallback="/bot/discover" />
        <Tabs
          className="lx-feed__tabs"
          activeLineMode="fixed"
          activeKey={tab}
          onChange={(key) => set('tab', key === 'latest' ? 'latest' : undefined)}
        >
          {TABS.map((key) => (
            <Tabs.Tab key={key} title={t(`community.tabs.${key}`)} />
          ))}
        </Tabs>
        {topics.data && topics.data.list.length > 0 ? (
          <TopicRow
            topics={topics.data.list}
            active={topicId}
            onPick={(id) => set('topic', id ? String(id) : undefined)}
          />
        ) : null}
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="lx-feed__list" data-testid="post-feed">
          <QueryList
            query={feed}
            errorCard
            loading={<FeedSkeleton />}
            empty={
              <EmptyState
                title={t(topicId ? 'community.emptyTopic' : 'community.emptyFeed')}
                text={t('community.emptyFeedText')}
                action={
                  <Button shape="rounded" color="primary" fill="outline" onClick={release}>
                    {t('community.release')}
                  </Button>
                }
              />
            }
            className="lx-feed__posts"
            row={(post) => (
              <PostCard key={post.id} post={post} onTopic={(topic) => set('topic', String(topic.id))} />
            )}
          />
        </div>
      </PullToRefresh>
      <FloatingAddButton label={t('community.release')} onClick={release} testId="post-release" />
    </div>
  );
}
