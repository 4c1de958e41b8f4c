import type { InviteReward, InviteRewardCount, UserInfo } from '@lingxi/contract';
import { Button, Skeleton } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorState } from '../../../components/load-error-state';
import { Page } from '../../../components/page';
import { QueryList } from '../../../components/query-list';
import { RequireLogin } from '../../../components/require-login';
import { UserAvatar } from '../../../components/user-avatar';
import { useProfile } from '../../../lib/api/get-user';
import { copyWithToast } from '../../../lib/clipboard';
import { useAssistantName } from '../../../lib/common-store';
import { useInviteShareCard } from '../../../lib/wechat/share-cards';
import { useInviteCount } from '../api/get-invite-count';
import { useInviteRewards } from '../api/get-invite-rewards';
import { drawPoster } from '../components/draw-poster';
import './invite-page.css';
import { useFormat } from '../../../lib/format';

/** The share link: opening the app with `?invite_code=` keeps the code for the first login (docs/product.md). */
export const shareLink = (code: string) =>
  `${window.location.origin}/?invite_code=${encodeURIComponent(code)}`;

function Poster({ user, count }: { user: UserInfo; count: InviteRewardCount | undefined }) {
  const { t } = useTranslation();
  const brand = useAssistantName();
  const chips = count?.rules.invitee_chips ?? 0;
  const src = useMemo(
    () =>
      drawPoster(
        {
          brand,
          title: t('invite.posterTitle'),
          inviter: t('invite.posterInviter', { name: user.nickname, brand }),
          reward: chips > 0 ? t('invite.posterReward', { count: chips }) : t('invite.posterRewardPlain'),
          code: t('invite.posterCode', { code: user.invite_code }),
          scanHint: t('invite.posterScan'),
        },
        shareLink(user.invite_code),
      ),
    [t, brand, user.nickname, user.invite_code, chips],
  );
  if (!src) return null;
  return (
    <section className="lx-card lx-invite-poster">
      <img
        src={src}
        alt={t('invite.posterAlt')}
        className="lx-invite-poster__img"
        data-testid="invite-poster"
      />
      <p className="lx-invite-poster__hint">{t('invite.posterHint')}</p>
    </section>
  );
}

function RewardRow({ reward }: { reward: InviteReward }) {
  const { t } = useTranslation();
  const format = useFormat();
  const parts: string[] = [];
  if (reward.chips) parts.push(t('invite.plusChips', { count: reward.chips }));
  if (reward.amount_fen) parts.push(format.money(reward.amount_fen, { signed: true }));
  return (
    <div className="lx-invite-reward" data-testid="invite-reward">
      <UserAvatar src={reward.invitee.avatar} size={36} />
      <div className="lx-invite-reward__main">
        <div className="lx-invite-reward__name">{reward.invitee.nickname}</div>
        <div className="lx-invite-reward__title">
          {reward.title} · {format.dateTime(reward.created_at)}
        </div>
      </div>
      <div
        className={`lx-invite-reward__value${reward.kind === 'commission_reversal' ? ' lx-invite-reward__value--minus' : ''}`}
      >
        {parts.join(' ')}
      </div>
    </div>
  );
}

function Invite() {
  const { t } = useTranslation();
  const format = useFormat();
  const { user } = useProfile();
  const count = useInviteCount();
  const rewards = useInviteRewards();
  const rules = count.data?.rules;
  useInviteShareCard(user, user && shareLink(user.invite_code), rules?.invitee_chips);

  if (!user) return <Skeleton.Paragraph lineCount={6} animated />;
  const link = shareLink(user.invite_code);
  return (
    <>
      <section className="lx-invite-hero">
        <div className="lx-invite-hero__title">{t('invite.heroTitle')}</div>
        <div className="lx-invite-hero__text">
          {rules
            ? t('invite.heroText', { inviter: rules.inviter_chips, invitee: rules.invitee_chips })
            : t('invite.heroTextPlain')}
        </div>
        <div className="lx-invite-code">
          <span className="lx-invite-code__label">{t('invite.myCode')}</span>
          <span className="lx-invite-code__value" data-testid="invite-code">
            {user.invite_code}
          </span>
          <div className="lx-invite-code__actions">
            <Button
              size="small"
              shape="rounded"
              onClick={() => void copyWithToast(user.invite_code, t('invite.codeCopied'))}
            >
              {t('invite.copyCode')}
            </Button>
            <Button
              size="small"
              shape="rounded"
              color="primary"
              onClick={() => void copyWithToast(link, t('invite.linkCopied'))}
            >
              {t('invite.copyLink')}
            </Button>
          </div>
          <div className="lx-invite-code__link" data-testid="invite-link">
            {link}
          </div>
        </div>
      </section>

      {count.isError ? (
        <LoadErrorState error={count.error} onRetry={() => void count.refetch()} card />
      ) : (
        <section className="lx-card lx-invite-stats" data-testid="invite-stats">
          {[
            ['invited', count.data && format.number(count.data.invited_count)],
            ['rewarded', count.data && format.number(count.data.rewarded_count)],
            ['chips', count.data && format.number(count.data.chips_total)],
            ['commission', count.data ? format.money(count.data.commission_fen_total) : undefined],
          ].map(([key, value]) => (
            <div key={key} className="lx-invite-stats__item">
              <span className="lx-invite-stats__value">{value ?? '--'}</span>
              <span className="lx-invite-stats__label">{t(`invite.stats.${key}`)}</span>
            </div>
          ))}
        </section>
      )}

      <Poster user={user} count={count.data} />

      {rules ? (
        <section className="lx-card lx-invite-rules" data-testid="invite-rules">
          <h2>{t('invite.rulesTitle')}</h2>
          <ol>
            <li>{t('invite.ruleSignup', { inviter: rules.inviter_chips, invitee: rules.invitee_chips })}</li>
            <li>
              {t('invite.ruleCommission', { percent: rules.commission_percent, days: rules.commission_days })}
            </li>
            <li>{t('invite.ruleCap', { cap: rules.daily_cap })}</li>
            <li>{t('invite.ruleFair')}</li>
          </ol>
        </section>
      ) : null}

      <h2 className="lx-section-title">{t('invite.recordsTitle')}</h2>
      <QueryList
        query={rewards}
        className="lx-card lx-invite-rewards"
        errorCard
        empty={<EmptyState title={t('invite.emptyTitle')} text={t('invite.emptyText')} />}
        row={(reward: InviteReward) => <RewardRow key={reward.id} reward={reward} />}
      />
    </>
  );
}

export default function InvitePage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.invite')} backFallback="/user" bodyClassName="lx-invite-body">
        <Invite />
      </Page>
    </RequireLogin>
  );
}
