import type { Order } from '@lingxi/contract';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayOutcome } from './use-order-poll';
import { useFormat } from '../../../lib/format';

interface PayResultSheetProps {
  visible: boolean;
  outcome: PayOutcome;
  order: Order | undefined;
  /** The membership's end after the payment (from the refreshed profile). */
  vipUntil: string | null;
  /** Where the user came from (a conversation), offered after success. */
  hasRedirect: boolean;
  onRecheck: () => void;
  onRetry: () => void;
  onDone: () => void;
  onReturn: () => void;
}

/** After paying: waiting for the confirmation, then success (what was added) or failure with a way forward. */
export function PayResultSheet(props: PayResultSheetProps) {
  const { visible, vipUntil, hasRedirect } = props;
  const { t } = useTranslation();
  const format = useFormat();
  // While the sheet slides away (its order no longer followed), it keeps saying what it said.
  const [shown, setShown] = useState({ outcome: props.outcome, order: props.order });
  if (visible && (shown.outcome !== props.outcome || shown.order !== props.order))
    setShown({ outcome: props.outcome, order: props.order });
  const { outcome, order } = visible ? props : shown;
  const amount = order
    ? t('wallet.resultAmount', { amount: format.money(order.amount_fen, { price: true }) })
    : null;
  let icon = <DotLoading color="primary" />;
  let title = t('wallet.resultPaying');
  let text: string | null = t('wallet.resultPayingText');
  let actions = (
    <Button block shape="rounded" fill="outline" color="primary" onClick={props.onDone}>
      {t('wallet.resultLater')}
    </Button>
  );
  if (outcome === 'success') {
    icon = <CheckCircleFill className="lx-pay-result__icon lx-pay-result__icon--ok" />;
    title = t('wallet.resultSuccess');
    text =
      order && order.vip_days > 0
        ? vipUntil
          ? t('wallet.resultVip', { date: format.date(vipUntil) })
          : t('wallet.resultVipDays', { count: order.vip_days })
        : t('wallet.resultChips', { count: order?.chips ?? 0 });
    actions = hasRedirect ? (
      <>
        <Button block shape="rounded" color="primary" className="lx-primary-button" onClick={props.onReturn}>
          {t('wallet.resultReturn')}
        </Button>
        <Button block shape="rounded" fill="none" onClick={props.onDone}>
          {t('wallet.resultStay')}
        </Button>
      </>
    ) : (
      <Button block shape="rounded" color="primary" className="lx-primary-button" onClick={props.onDone}>
        {t('wallet.resultDone')}
      </Button>
    );
  } else if (outcome === 'closed' || outcome === 'error') {
    icon = <CloseCircleFill className="lx-pay-result__icon lx-pay-result__icon--fail" />;
    title = t(outcome === 'closed' ? 'wallet.resultClosed' : 'wallet.resultError');
    text = t(outcome === 'closed' ? 'wallet.resultClosedText' : 'wallet.resultErrorText');
    actions = (
      <>
        <Button block shape="rounded" color="primary" className="lx-primary-button" onClick={props.onRetry}>
          {t('wallet.resultRetry')}
        </Button>
        <Button block shape="rounded" fill="none" onClick={props.onDone}>
          {t('common.close')}
        </Button>
      </>
    );
  } else if (outcome === 'timeout') {
    icon = <ClockCircleFill className="lx-pay-result__icon lx-pay-result__icon--wait" />;
    title = t('wallet.resultTimeout');
    text = t('wallet.resultTimeoutText');
    actions = (
      <>
        <Button block shape="rounded" color="primary" className="lx-primary-button" onClick={props.onRecheck}>
          {t('wallet.resultRecheck')}
        </Button>
        <Button block shape="rounded" fill="none" onClick={props.onRetry}>
          {t('wallet.resultRetry')}
        </Button>
      </>
    );
  }
  return (
    <Popup visible={visible} destroyOnClose bodyClassName="lx-pay-result-popup">
      <div className="lx-sheet lx-pay-result" data-testid="pay-result" data-outcome={outcome}>
        <div className="lx-pay-result__head">{icon}</div>
        <div className="lx-pay-result__title">{title}</div>
        {order ? <div className="lx-pay-result__order">{order.title}</div> : null}
        {amount ? <div className="lx-pay-result__amount">{amount}</div> : null}
        {text ? <div className="lx-pay-result__text">{text}</div> : null}
        <div className="lx-pay-result__actions">{actions}</div>
      </div>
    </Popup>
  );
}
