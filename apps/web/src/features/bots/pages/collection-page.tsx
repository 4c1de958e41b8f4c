import type { BotSummary } from '@lingxi/contract';
import { Button, SwipeAction, Toast } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { useSetFavourite } from '../../../lib/api/set-favourite';
import { useNavigateSafe } from '../../../lib/navigation';
import { useFavouriteBots } from '../api/get-favourite-bots';
import { BotList } from '../components/bot-list';
import './collection-page.css';

function Collection() {
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

/** /user/my-collection: the bots the user keeps; swipe one left to let it go. */
export default function CollectionPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.myCollection')} backFallback="/user" bodyClassName="lx-collection">
        <Collection />
      </Page>
    </RequireLogin>
  );
}
