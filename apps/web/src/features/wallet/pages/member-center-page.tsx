import type { PayChannel } from '@lingxi/contract';
import { Button, Checkbox, Skeleton, Toast } from 'antd-mobile';
import { useState, type CSSProperties } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorState } from '../../../components/load-error-state';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { useProfile } from '../../../lib/api/get-user';
import { useNavigateSafe } from '../../../lib/navigation';
import { wechatPayChannel } from '../../../lib/platform';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useMemberPlans } from '../api/get-member-plans';
import { useWallet } from '../../../lib/api/get-wallet';
import { CashierSheet } from '../components/cashier-sheet';
import { MemberStatusCard } from '../components/member-status-card';
import { NativeQrSheet } from '../components/native-qr-sheet';
import { PayResultSheet } from '../components/pay-result-sheet';
import { describeSelection, PlanPicker, type Selection } from '../components/plan-picker';
import { useCheckout } from '../components/use-checkout';
import { ensureOaOpenId, useOaOpenIdReturn } from '../components/use-oa-openid';
import { useOrderPoll } from '../components/use-order-poll';
import './member-center-page.css';
import { MoneyText } from '../../../components/money-text';

const parseItem = (item: string | null): Selection | null => {
  const [kind, id] = (item ?? '').split(':');
  return (kind === 'vip' || kind === 'chips') && id ? { kind, id } : null;
};

/**
 * /member-center: the membership, the tiers and chip packages, the cashier and the payment's result. `?order_no=`
 * follows an order (back from the sandbox page or WeChat's H5 cashier); `?redirect=` (a conversation) is offered
 * after success.
 */
function MemberCenter() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const [params, setParams] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '');
  const orderNo = params.get('order_no');
  const { user } = useProfile();
  const wallet = useWallet();
  const plans = useMemberPlans();
  const [picked, setPicked] = useState<Selection | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [cashierOpen, setCashierOpen] = useState(false);

  const poll = useOrderPoll(orderNo);
  // Back from a payment, what was bought stays chosen (also once the result sheet is closed).
  const followed = poll.order ? { kind: poll.order.kind, id: poll.order.item_id } : null;
  if (!picked && followed) setPicked(followed);

  const data = plans.data;
  const selection: Selection | null =
    picked ??
    followed ??
    (data?.tiers[0]
      ? { kind: 'vip', id: data.tiers[0].id }
      : data?.packages[0]
        ? { kind: 'chips', id: data.packages[0].id }
        : null);
  const chosen = data ? describeSelection(data, selection) : null;
  const preferred = wechatPayChannel();
  const channels: PayChannel[] = (data?.channels ?? []).filter((c) => c === 'sandbox' || c === preferred);

  const withRedirect = (extra: Record<string, string>) => {
    const query = new URLSearchParams(extra);
    if (redirect) query.set('redirect', redirect);
    return `/member-center?${query.toString()}`;
  };
  const follow = (no: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('order_no', no);
      return next;
    });
  const unfollow = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('order_no');
        return next;
      },
      { replace: true },
    );
  const checkout = useCheckout({ returnPath: (no) => withRedirect({ order_no: no }), follow });

  const startPay = async (channel: PayChannel, sel: Selection | null = selection) => {
    if (!sel) return;
    if (channel === 'wechat_jsapi' && !ensureOaOpenId(data?.wechat_oa_app_id, `${sel.kind}:${sel.id}`)) {
      if (!data?.wechat_oa_app_id) Toast.show({ content: t('wallet.noChannel') });
      return;
    }
    if (await checkout.pay(sel, channel)) setCashierOpen(false);
  };
  useOaOpenIdReturn((item) => {
    const sel = parseItem(item);
    if (!sel) return;
    setPicked(sel);
    setAgreed(true);
    void startPay('wechat_jsapi', sel);
  });

  const onPayTap = () => {
    if (!agreed) {
      Toast.show({ content: t('wallet.agreeFirst') });
      return;
    }
    if (channels.length === 0) {
      Toast.show({ content: t('wallet.noChannel') });
      return;
    }
    setCashierOpen(true);
  };

  const { native, closeNative } = checkout;
  // The payment succeeded: the Native code is no longer needed.
  const nativeCodeUrl = poll.outcome === 'success' ? null : (native?.codeUrl ?? null);

  const tierOfMember = data?.tiers.find((x) => x.id === wallet.data?.vip.tier);
  const showResult = Boolean(orderNo) && (!native || poll.outcome !== 'paying');

  if (plans.isError && !data) {
    return <LoadErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  }
  return (
    <>
      <MemberStatusCard user={user} wallet={wallet.data} monthlyChips={tierOfMember?.monthly_chips ?? null} />
      {data ? (
        <PlanPicker plans={data} selected={selection} onSelect={setPicked} />
      ) : (
        <div className="lx-card lx-plan-section" role="status" aria-label={t('common.loading')}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      )}
      <div className="lx-member-footer-space" />

      <div className="lx-member-footer lx-fixed-in-frame">
        <Checkbox
          checked={agreed}
          onChange={setAgreed}
          className="lx-member-footer__agree"
          style={{ '--icon-size': '16px', '--font-size': '12px', '--gap': '6px' } as CSSProperties}
          data-testid="topup-agreement"
        >
          <Trans
            i18nKey="wallet.agreement"
            components={{ terms: <Link to="/agreement/chip-top-up" onClick={(e) => e.stopPropagation()} /> }}
          />
        </Checkbox>
        <div className="lx-member-footer__bar">
          <div className="lx-member-footer__total">
            <span>{t('wallet.total')}</span>
            <strong>{chosen ? <MoneyText fen={chosen.priceFen} price /> : '--'}</strong>
          </div>
          <Button
            color="primary"
            shape="rounded"
            className="lx-primary-button lx-member-footer__pay"
            disabled={!chosen}
            onClick={onPayTap}
          >
            {selection?.kind === 'chips'
              ? t('wallet.topUpNow')
              : wallet.data?.vip.active
                ? t('wallet.renewNow')
                : t('wallet.joinNow')}
          </Button>
        </div>
      </div>

      {chosen ? (
        <CashierSheet
          visible={cashierOpen}
          title={chosen.chips > 0 ? t('wallet.packageTitle', { count: chosen.chips }) : chosen.name}
          priceFen={chosen.priceFen}
          channels={channels}
          paying={checkout.paying}
          onPay={(channel) => void startPay(channel)}
          onClose={() => setCashierOpen(false)}
        />
      ) : null}
      <NativeQrSheet codeUrl={nativeCodeUrl} amountFen={native?.amountFen ?? 0} onClose={closeNative} />
      <PayResultSheet
        visible={showResult}
        outcome={poll.outcome}
        order={poll.order}
        vipUntil={wallet.data?.vip.expires_at ?? user?.vip_expires_at ?? null}
        hasRedirect={Boolean(redirect)}
        onRecheck={poll.restart}
        onRetry={() => {
          unfollow();
          setCashierOpen(true);
        }}
        onDone={unfollow}
        onReturn={() => nav.replace(redirect)}
      />
    </>
  );
}

export default function MemberCenterPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.memberCenter')} backFallback="/user" bodyClassName="lx-member-body">
        <MemberCenter />
      </Page>
    </RequireLogin>
  );
}
