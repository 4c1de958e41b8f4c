import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorState } from '../../../components/load-error-state';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { useWallet } from '../../../lib/api/get-wallet';
import { useWithdrawalRules } from '../api/get-withdrawal-rules';
import { EarningRecords, WithdrawalRecords } from '../components/earnings-lists';
import { WithdrawSheet } from '../components/withdraw-sheet';
import './withdrawal-page.css';
import { MoneyText } from '../../../components/money-text';
import { useFormat } from '../../../lib/format';

/** /user/withdrawal (我的收益): the balance, its records, my withdrawals and the request form. */
function Earnings() {
  const { t } = useTranslation();
  const format = useFormat();
  const wallet = useWallet();
  const rules = useWithdrawalRules();
  const [tab, setTab] = useState('records');
  const [formOpen, setFormOpen] = useState(false);
  const w = wallet.data;

  if (wallet.isError && !w)
    return <LoadErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />;
  return (
    <>
      <section className="lx-earnings-card" data-testid="earnings-balance">
        <div className="lx-earnings-card__label">{t('earnings.available')}</div>
        <div className="lx-earnings-card__value">{w ? <MoneyText fen={w.earnings_fen} /> : '--'}</div>
        <div className="lx-earnings-card__row">
          <span>
            {t('earnings.frozen')} {w ? format.money(w.earnings_frozen_fen) : '--'}
          </span>
          {w && w.earnings_debt_fen > 0 ? (
            <span className="lx-earnings-card__debt">
              {t('earnings.debt')} {format.money(w.earnings_debt_fen)}
            </span>
          ) : null}
        </div>
        <Button
          shape="rounded"
          className="lx-earnings-card__action"
          disabled={!w || !rules.data}
          data-testid="withdraw-open"
          onClick={() => setFormOpen(true)}
        >
          {t('earnings.withdraw')}
        </Button>
        {w && w.earnings_debt_fen > 0 ? (
          <p className="lx-earnings-card__hint">{t('earnings.debtHint')}</p>
        ) : null}
      </section>

      <Tabs activeKey={tab} onChange={setTab} className="lx-earnings__tabs">
        <Tabs.Tab title={t('earnings.tabRecords')} key="records">
          <EarningRecords />
        </Tabs.Tab>
        <Tabs.Tab title={t('earnings.tabWithdrawals')} key="withdrawals">
          <WithdrawalRecords />
        </Tabs.Tab>
      </Tabs>

      {w && rules.data ? (
        <WithdrawSheet
          visible={formOpen}
          availableFen={w.earnings_fen}
          rules={rules.data}
          onClose={() => setFormOpen(false)}
          onDone={() => {
            setFormOpen(false);
            setTab('withdrawals');
          }}
        />
      ) : null}
    </>
  );
}

export default function WithdrawalPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.withdrawal')} backFallback="/user" bodyClassName="lx-earnings-body">
        <Earnings />
      </Page>
    </RequireLogin>
  );
}
