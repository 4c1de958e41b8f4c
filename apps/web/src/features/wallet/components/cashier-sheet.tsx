import type { PayChannel } from '@lingxi/contract';
import { Button, Popup, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetHeader } from '../../../components/sheet-header';
import { MoneyText } from '../../../components/money-text';
import { useFormat } from '../../../lib/format';

interface CashierSheetProps {
  visible: boolean;
  title: string;
  priceFen: number;
  channels: PayChannel[];
  paying: boolean;
  onPay: (channel: PayChannel) => void;
  onClose: () => void;
}

const WeChatIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
    <rect width="24" height="24" rx="6" fill="#07c160" />
    <path
      fill="#fff"
      d="M10 6c-3.3 0-6 2.2-6 5 0 1.6.9 3 2.3 3.9l-.5 1.7 2-1c.7.2 1.4.3 2.2.3h.4a4.3 4.3 0 0 1-.2-1.2c0-2.7 2.6-4.8 5.8-4.8h.4C15.8 7.7 13.2 6 10 6Zm-2 2.7a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4.4 2.8c-2.7 0-4.8 1.8-4.8 4s2.1 4 4.8 4c.6 0 1.1-.1 1.6-.2l1.6.8-.4-1.4c1.2-.7 2-1.9 2-3.2 0-2.2-2.1-4-4.8-4Zm-1.6 2.3a.7.7 0 1 1 0 1.4.7.7 0 0 1 0-1.4Zm3.2 0a.7.7 0 1 1 0 1.4.7.7 0 0 1 0-1.4Z"
    />
  </svg>
);

const SandboxIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
    <rect width="24" height="24" rx="6" fill="#f59e0b" />
    <path
      d="M9 5h6M10 5v5l-4.5 7.5A1 1 0 0 0 6.4 19h11.2a1 1 0 0 0 .9-1.5L14 10V5"
      fill="none"
      stroke="#fff"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** The cashier: the amount, the channels this server takes where the app runs, and the pay button. */
export function CashierSheet({
  visible,
  title,
  priceFen,
  channels,
  paying,
  onPay,
  onClose,
}: CashierSheetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [chosen, setChosen] = useState<PayChannel | null>(null);
  const channel = chosen && channels.includes(chosen) ? chosen : (channels[0] ?? null);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="lx-sheet lx-cashier" data-testid="cashier">
        <SheetHeader title={t('wallet.cashierTitle')} onClose={onClose} />
        <div className="lx-cashier__amount">
          <MoneyText fen={priceFen} price />
        </div>
        <div className="lx-cashier__what">{title}</div>
        <Radio.Group value={channel ?? undefined} onChange={(value) => setChosen(value as PayChannel)}>
          <div className="lx-cashier__channels">
            {channels.map((c) => (
              <label key={c} className="lx-cashier__channel">
                {c === 'sandbox' ? <SandboxIcon /> : <WeChatIcon />}
                <span className="lx-cashier__channel-text">
                  <span>{t(`wallet.channels.${c}`)}</span>
                  {c === 'sandbox' ? (
                    <small className="lx-cashier__hint">{t('wallet.sandboxHint')}</small>
                  ) : null}
                </span>
                <Radio value={c} aria-label={t(`wallet.channels.${c}`)} />
              </label>
            ))}
          </div>
        </Radio.Group>
        <div className="lx-cashier__action">
          <Button
            block
            color="primary"
            shape="rounded"
            className="lx-primary-button"
            loading={paying}
            disabled={!channel}
            onClick={() => {
              if (channel) onPay(channel);
            }}
          >
            {t('wallet.payNow', { amount: format.money(priceFen, { price: true }) })}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
