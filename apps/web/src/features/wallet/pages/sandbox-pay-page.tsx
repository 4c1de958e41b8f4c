import { Button } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorState } from '../../../components/load-error-state';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { RequireLogin } from '../../../components/require-login';
import { useNavigateSafe } from '../../../lib/navigation';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useConfirmSandboxOrder, useSandboxOrder } from '../api/sandbox-order';
import './sandbox-pay-page.css';
import { MoneyText } from '../../../components/money-text';

/**
 * /pay/sandbox?order_no=: the sandbox provider's confirm page (docs/money.md, Orders and payments). A test payment
 * that moves no money: confirming sends the signed callback, then the member centre shows the result.
 */
function SandboxPay() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const redirect = safeRedirect(params.get('redirect'), '');
  const order = useSandboxOrder(orderNo);
  const confirm = useConfirmSandboxOrder();
  const back = (withOrder: boolean) => {
    const query = new URLSearchParams();
    if (withOrder) query.set('order_no', orderNo);
    if (redirect) query.set('redirect', redirect);
    const search = query.toString();
    nav.replace(`/member-center${search ? `?${search}` : ''}`);
  };

  if (order.isError || !orderNo)
    return <LoadErrorState error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <PageLoading />;
  const payable = order.data.status === 'pending';
  return (
    <div className="lx-sandbox">
      <div className="lx-sandbox__banner" role="note">
        <ExclamationCircleFill />
        <span>{t('wallet.sandboxBanner')}</span>
      </div>
      <section className="lx-card lx-sandbox__card">
        <div className="lx-sandbox__label">{t('wallet.sandboxMerchant')}</div>
        <div className="lx-sandbox__amount">
          <MoneyText fen={order.data.amount_fen} price />
        </div>
        <div className="lx-sandbox__title">{order.data.title}</div>
        <dl className="lx-sandbox__rows">
          <dt>{t('wallet.orderNo')}</dt>
          <dd>{order.data.order_no}</dd>
          <dt>{t('wallet.sandboxChannel')}</dt>
          <dd>{t('wallet.channels.sandbox')}</dd>
        </dl>
        {!payable ? <p className="lx-sandbox__done">{t(`orders.status.${order.data.status}`)}</p> : null}
      </section>
      <div className="lx-sandbox__actions">
        <Button
          block
          color="primary"
          shape="rounded"
          className="lx-primary-button"
          loading={confirm.isPending}
          disabled={!payable}
          // The request client shows why a refused confirm failed; the button is there again for a retry.
          onClick={() => confirm.mutate(orderNo, { onSuccess: () => back(true) })}
        >
          {t('wallet.sandboxConfirm')}
        </Button>
        <Button block shape="rounded" fill="none" onClick={() => back(!payable)}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}

export default function SandboxPayPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.sandboxPay')} backFallback="/member-center">
        <SandboxPay />
      </Page>
    </RequireLogin>
  );
}
