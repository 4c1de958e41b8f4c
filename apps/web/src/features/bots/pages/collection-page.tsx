import type { BotSummary } from '@lingxi/contract';
import { Button, SwipeAction, Tabs, Toast } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PostCard } from '../../../components/post-card';
import { QueryList } from '../../../components/query-list';
import { RequireLogin } from '../../../components/require-login';
import { useSetFavourite } from '../../../lib/api/set-favourite';
import { useNavigateSafe } from '../../../lib/navigation';
import { useFavouriteBots } from '../api/get-favourite-bots';
import { useFavouritePosts } from '../api/get-favourite-posts';
import { BotList } from '../components/bot-list';
import './collection-page.css';

function FavouriteBots() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const bots = useFavouriteBots();
  const favourite = useSetFavourite();
  const list = useMemo(() => bots.data?.pages.flatMap((page) => page.list) ?? [], [bots.data]);

  const unfavourite = (bot: BotSummary) =>
    favourite.mutate(
      { botId: bot.id, favourite: false },
      { onSuccess: () => Toast.show({ content: t('chat.unfavourited') }) },
    );

  return (
    <BotList
      bots={list}
      loading={bots.isPending}
      hasMore={bots.hasNextPage}
      loadMore={async () => {
        const result = await bots.fetchNextPage();
        if (result.isFetchNextPageError) throw result.error;
      }}
      onOpen={(bot) => nav.push(`/bot/${bot.id}`)}
      renderItem={(bot, card) => (
        <SwipeAction
          className="lx-collection__swipe"
          rightActions={[
            {
              key: 'unfavourite',
              text: t('chat.unfavourite'),
              color: 'danger',
              onClick: () => unfavourite(bot),
            },
          ]}
        >
          {card}
        </SwipeAction>
      )}
      empty={
        <div className="lx-collection__empty">
          <EmptyState
            title={t('collection.emptyTitle')}
            text={t('collection.emptyText')}
            action={
              <Button
                shape="rounded"
                color="primary"
                fill="outline"
                onClick={() => void nav.switchTab('/bot/discover')}
              >
                {t('interaction.explore')}
              </Button>
            }
          />
        </div>
      }
    />
  );
}

/** The posts the user keeps; one let go (its ☆ tapped) leaves the list at once. */
function FavouritePosts() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const posts = useFavouritePosts(true);
  return (
    <QueryList
      query={posts}
      className="lx-collection__posts"
      errorCard
      row={(post) => (post.favourited ? <PostCard key={post.id} post={post} /> : null)}
      empty={
        <div className="lx-collection__empty">
          <EmptyState
            title={t('community.noFavouritePosts')}
            text={t('community.noFavouritePostsText')}
            action={
              <Button shape="rounded" color="primary" fill="outline" onClick={() => void nav.push('/post')}>
                {t('community.toFeed')}
              </Button>
            }
          />
        </div>
      }
    />
  );
}

type CollectionTab = 'bots' | 'posts';

/** /user/my-collection: the bots (swipe one left to let it go) and the posts the user keeps; `?tab=posts`. */
export default function CollectionPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: CollectionTab = params.get('tab') === 'posts' ? 'posts' : 'bots';
  return (
    <RequireLogin>
      <Page title={t('titles.myCollection')} backFallback="/user" bodyClassName="lx-collection">
        <Tabs
          className="lx-collection__tabs"
          activeKey={tab}
          activeLineMode="fixed"
          onChange={(key) => setParams(key === 'posts' ? { tab: 'posts' } : {}, { replace: true })}
        >
          <Tabs.Tab key="bots" title={t('community.collectionBots')} />
          <Tabs.Tab key="posts" title={t('community.collectionPosts')} />
        </Tabs>
        {tab === 'posts' ? <FavouritePosts /> : <FavouriteBots />}
      </Page>
    </RequireLogin>
  );
}
