import type { EarningRecord, Withdrawal, WithdrawalStatus } from '@lingxi/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { QueryList } from '../../../components/query-list';
import { useEarningRecords } from '../api/get-earning-records';
import { useWithdrawals } from '../api/get-withdrawals';
import { useFormat } from '../../../lib/format';

const STATUS_COLOR: Record<WithdrawalStatus, string> = {
  pending: 'warning',
  approved: 'primary',
  paid: 'success',
  rejected: 'danger',
};

export function EarningRecords() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <QueryList
      query={useEarningRecords()}
      empty={<EmptyState title={t('earnings.recordsEmpty')} />}
      className="lx-card lx-earnings__list"
      errorCard
      row={(record: EarningRecord) => (
        <div key={record.id} className="lx-earnings__row" data-testid="earning-record">
          <div className="lx-earnings__what">
            <span className="lx-earnings__title">{record.title}</span>
            <span className="lx-earnings__time">{format.dateTime(record.created_at)}</span>
          </div>
          <div className="lx-earnings__amounts">
            <span className={record.delta_fen >= 0 ? 'lx-earnings__plus' : 'lx-earnings__minus'}>
              {format.money(record.delta_fen, { signed: true })}
            </span>
            <span className="lx-earnings__after">
              {t('earnings.balanceAfter', { amount: format.money(record.balance_after_fen) })}
            </span>
          </div>
        </div>
      )}
    />
  );
}

export function WithdrawalRecords() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <QueryList
      query={useWithdrawals()}
      empty={<EmptyState title={t('earnings.withdrawalsEmpty')} />}
      className="lx-card lx-earnings__list"
      errorCard
      row={(w: Withdrawal) => (
        <div key={w.id} className="lx-earnings__row lx-earnings__row--withdrawal" data-testid="withdrawal">
          <div className="lx-earnings__what">
            <span className="lx-earnings__title">
              {t('earnings.withdrawTo', { channel: t(`earnings.channels.${w.channel}`), account: w.account })}
            </span>
            <span className="lx-earnings__time">{format.dateTime(w.created_at)}</span>
            {w.status === 'rejected' && w.reason ? (
              <span className="lx-earnings__note lx-earnings__note--bad">
                {t('earnings.rejectReason', { reason: w.reason })}
              </span>
            ) : null}
            {w.status === 'paid' && w.reference ? (
              <span className="lx-earnings__note">{t('earnings.reference', { reference: w.reference })}</span>
            ) : null}
          </div>
          <div className="lx-earnings__amounts">
            <span className="lx-earnings__amount">{format.money(w.amount_fen)}</span>
            {w.fee_fen > 0 ? (
              <span className="lx-earnings__after">
                {t('earnings.netLine', { net: format.money(w.net_fen) })}
              </span>
            ) : null}
            <Tag color={STATUS_COLOR[w.status]} fill="outline" round>
              {t(`earnings.status.${w.status}`)}
            </Tag>
          </div>
        </div>
      )}
    />
  );
}
