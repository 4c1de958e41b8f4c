import type { MyBot } from '@lingxi/contract';
import { Button, Dialog, Skeleton, Toast } from 'antd-mobile';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { confirmDangerThen } from '../../../lib/confirm-danger';
import { FloatingAddButton } from '../../../components/floating-add-button';
import { CreateBotIllustration } from '../../../components/illustrations';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { QueryInfiniteScroll } from '../../../components/query-infinite-scroll';
import { useNavigateSafe } from '../../../lib/navigation';
import { useRelativeTime } from '../../../lib/relative-time';
import { useDeleteBot } from '../api/delete-bot';
import { useMyBots } from '../api/get-my-bots';
import { useSetBotVisibility } from '../api/set-bot-visibility';
import { MyBotCard, type MyBotAction } from '../components/my-bot-card';
import './my-ai-page.css';

function MyBots() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const relative = useRelativeTime();
  const query = useMyBots();
  const remove = useDeleteBot();
  const visibility = useSetBotVisibility();
  const list = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);

  const onAction = useCallback(
    async (bot: MyBot, action: MyBotAction) => {
      if (action === 'chat') nav.push(`/bot/${bot.id}`);
      else if (action === 'edit') nav.push(`/bot/edit?id=${bot.id}`);
      else if (action === 'delete') {
        await confirmDangerThen(
          {
            title: t('myAi.deleteTitle', { name: bot.name }),
            content: t('myAi.deleteConfirm'),
            confirmText: t('myAi.delete'),
            done: t('myAi.deleted'),
          },
          () => remove.mutateAsync(bot.id),
        );
      } else {
        const next = bot.visibility === 'public' ? 'private' : 'public';
        const ok = await Dialog.confirm({
          title: t(next === 'public' ? 'myAi.publicTitle' : 'myAi.privateTitle'),
          content: t(next === 'public' ? 'myAi.publicConfirm' : 'myAi.privateConfirm'),
          confirmText: t(next === 'public' ? 'myAi.makePublic' : 'myAi.makePrivate'),
          cancelText: t('common.cancel'),
        });
        if (!ok) return;
        const saved = await visibility.mutateAsync({ id: bot.id, visibility: next }).catch(() => null);
        if (!saved) return;
        const reviewing = saved.status === 'pending_review' || saved.pending_edit;
        Toast.show({ icon: 'success', content: t(reviewing ? 'creation.submitted' : 'myAi.madePrivate') });
      }
    },
    [nav, remove, visibility, t],
  );
  const act = useCallback((bot: MyBot, action: MyBotAction) => void onAction(bot, action), [onAction]);

  if (query.isPending) {
    return (
      <div className="lx-my-ai__list" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="lx-my-bot lx-card">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState
        illustration={<CreateBotIllustration />}
        title={t('myAi.emptyTitle')}
        text={t('myAi.emptyText')}
        action={
          <Button
            shape="rounded"
            color="primary"
            className="lx-primary-button lx-my-ai__empty-create"
            onClick={() => void nav.push('/bot/edit')}
            data-testid="my-ai-empty-create"
          >
            {t('myAi.create')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="lx-my-ai__list" data-testid="my-bot-list">
      {list.map((bot) => (
        <MyBotCard key={bot.id} bot={bot} updated={relative(bot.updated_at)} onAction={act} />
      ))}
      <QueryInfiniteScroll query={query} />
    </div>
  );
}

/** /user/my-ai: the user's bots with their review status; chat, edit, publish or hide, delete; create more. */
export default function MyAiPage() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  return (
    <RequireLogin>
      <Page title={t('titles.myAi')} backFallback="/user" bodyClassName="lx-my-ai">
        <MyBots />
        <FloatingAddButton
          label={t('myAi.create')}
          onClick={() => nav.push('/bot/edit')}
          testId="my-ai-create"
        />
      </Page>
    </RequireLogin>
  );
}
