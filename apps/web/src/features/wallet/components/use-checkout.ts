import type { CreatedOrder, PayChannel } from '@lingxi/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openExternal } from '../../../lib/external';
import { useNavigateSafe } from '../../../lib/navigation';
import { invokeWechatPay, navigateInMiniProgram } from '../../../lib/platform';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { useCreateOrder } from '../api/create-order';
import type { Selection } from './plan-picker';

interface CheckoutOptions {
  /** The member centre's own address for coming back (with `redirect` kept), e.g. `/member-center?redirect=…`. */
  returnPath: (orderNo: string) => string;
  /** Follow this order's result (poll it). */
  follow: (orderNo: string) => void;
}

/**
 * docs/money.md, Orders and payments: one Idempotency-Key per purchase attempt (the same choice and channel), kept
 * for a retry after a failure so the server answers with the same order, dropped once an order came back.
 */
export function useCheckout({ returnPath, follow }: CheckoutOptions) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const createOrder = useCreateOrder();
  const attempt = useAttemptKey();
  const [native, setNative] = useState<{ codeUrl: string; amountFen: number } | null>(null);

  const hand = async (created: CreatedOrder) => {
    const { pay, order_no: orderNo } = created;
    switch (pay.channel) {
      case 'sandbox': {
        const url = new URL(pay.confirm_url, window.location.origin);
        const back = new URL(returnPath(orderNo), window.location.origin);
        const redirect = back.searchParams.get('redirect');
        if (redirect) url.searchParams.set('redirect', redirect);
        if (url.origin === window.location.origin) nav.push(`${url.pathname}${url.search}`);
        else openExternal(url.toString());
        return;
      }
      case 'wechat_jsapi': {
        const result = await invokeWechatPay(pay.params);
        if (result === 'cancel') Toast.show({ content: t('wallet.payCancelled') });
        else follow(orderNo);
        return;
      }
      case 'wechat_miniprogram':
        navigateInMiniProgram(pay.path);
        follow(orderNo);
        return;
      case 'wechat_h5': {
        const back = `${window.location.origin}${returnPath(orderNo)}`;
        const join = pay.h5_url.includes('?') ? '&' : '?';
        openExternal(`${pay.h5_url}${join}redirect_url=${encodeURIComponent(back)}`);
        return;
      }
      case 'wechat_native':
        setNative({ codeUrl: pay.code_url, amountFen: created.amount_fen });
        follow(orderNo);
        return;
    }
  };

  const pay = async (selection: Selection, channel: PayChannel): Promise<boolean> => {
    const key = attempt.keyFor(`${selection.kind}:${selection.id}:${channel}`);
    try {
      const created = await createOrder.mutateAsync({
        body: { kind: selection.kind, item_id: selection.id, channel, agree_terms: true },
        key,
      });
      attempt.settle();
      await hand(created);
      return true;
    } catch (error) {
      // The request client showed the server's message; a refusal (not a lost answer) is a new attempt next time.
      attempt.settle(error);
      return false;
    }
  };

  return { pay, paying: createOrder.isPending, native, closeNative: () => setNative(null) };
}
