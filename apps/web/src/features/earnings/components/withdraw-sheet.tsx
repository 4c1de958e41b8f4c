import type { WithdrawalRules } from '@lingxi/contract';
import { Button, Dialog, Input, Popup, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetHeader } from '../../../components/sheet-header';
import { useFormat } from '../../../lib/format';
import { parseYuan, yuanFixed } from '../../../lib/money';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { checkDraft, feeOf, type WithdrawalDraft } from './withdrawal-rules';

interface WithdrawSheetProps {
  visible: boolean;
  availableFen: number;
  rules: WithdrawalRules;
  onClose: () => void;
  onDone: () => void;
}

const EMPTY: WithdrawalDraft = { amount: '', channel: 'wechat', account: '', realName: '' };

/** The request form: amount (with 全部), channel, account, real name, the rules; a confirm before it is sent. */
export function WithdrawSheet({ visible, availableFen, rules, onClose, onDone }: WithdrawSheetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [draft, setDraft] = useState<WithdrawalDraft>(EMPTY);
  const [shown, setShown] = useState(false);
  const create = useCreateWithdrawal();
  // One key per attempt: kept while the same request is retried, new when the form changes or it was answered.
  const attempt = useAttemptKey();

  const error = checkDraft(draft, availableFen, rules);
  const fen = parseYuan(draft.amount) ?? 0;
  const fee = feeOf(fen, rules);
  const left = Math.max(0, rules.daily_max_fen - rules.today_requested_fen);
  const set = (patch: Partial<WithdrawalDraft>) => setDraft((prev) => ({ ...prev, ...patch }));
  const message = (field: 'amount' | 'account' | 'realName') =>
    shown && error?.field === field
      ? t(`earnings.errors.${error.key}`, { amount: 'fen' in error ? format.money(error.fen ?? 0) : '' })
      : null;

  const submit = async () => {
    setShown(true);
    if (error) return;
    const body = {
      amount_fen: fen,
      channel: draft.channel,
      account: draft.account.trim(),
      real_name: draft.realName.trim(),
    };
    const ok = await Dialog.confirm({
      title: t('earnings.confirmTitle'),
      content: t('earnings.confirmText', {
        amount: format.money(fen),
        net: format.money(fen - fee),
        channel: t(`earnings.channels.${draft.channel}`),
        account: body.account,
      }),
      confirmText: t('earnings.confirmGo'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const key = attempt.keyFor(JSON.stringify(body));
    try {
      await create.mutateAsync({ body, key });
      attempt.settle();
      Toast.show({ icon: 'success', content: t('earnings.requested') });
      setDraft(EMPTY);
      setShown(false);
      onDone();
    } catch (failure) {
      // The request client showed why; a lost answer keeps the key for a retry, a refusal starts a new attempt.
      attempt.settle(failure);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="lx-withdraw-popup">
      <div className="lx-sheet lx-withdraw" data-testid="withdraw-sheet">
        <SheetHeader title={t('earnings.formTitle')} onClose={onClose} />
        <div className="lx-withdraw__body">
          <label className="lx-withdraw__label" htmlFor="lx-withdraw-amount">
            {t('earnings.amount')}
          </label>
          <div className="lx-withdraw__amount">
            <span className="lx-withdraw__yuan">{format.moneyParts(0).symbol}</span>
            <Input
              id="lx-withdraw-amount"
              value={draft.amount}
              onChange={(value) => set({ amount: value.replace(/[^\d.]/g, '') })}
              inputMode="decimal"
              placeholder={t('earnings.amountPlaceholder', { amount: yuanFixed(rules.min_fen) })}
              data-testid="withdraw-amount"
            />
            <button
              type="button"
              className="lx-withdraw__all"
              onClick={() => set({ amount: yuanFixed(Math.min(availableFen, left)).replace(/,/g, '') })}
            >
              {t('earnings.all')}
            </button>
          </div>
          <div className="lx-withdraw__line">
            {message('amount') ? (
              <span className="lx-withdraw__error" role="alert">
                {message('amount')}
              </span>
            ) : (
              <span>
                {t('earnings.availableLine', { amount: format.money(availableFen) })}
                {fen > 0
                  ? ` · ${t('earnings.feeLine', { fee: format.money(fee), net: format.money(fen - fee) })}`
                  : ''}
              </span>
            )}
          </div>

          <div className="lx-withdraw__label">{t('earnings.channel')}</div>
          <Selector
            columns={2}
            value={[draft.channel]}
            onChange={(value) => value[0] && set({ channel: value[0] })}
            options={[
              { label: t('earnings.channels.wechat'), value: 'wechat' as const },
              { label: t('earnings.channels.alipay'), value: 'alipay' as const },
            ]}
          />

          <label className="lx-withdraw__label" htmlFor="lx-withdraw-account">
            {t('earnings.account')}
          </label>
          <Input
            id="lx-withdraw-account"
            className="lx-withdraw__input"
            value={draft.account}
            maxLength={64}
            onChange={(account) => set({ account })}
            placeholder={t(`earnings.accountPlaceholder.${draft.channel}`)}
          />
          {message('account') ? <div className="lx-withdraw__error">{message('account')}</div> : null}

          <label className="lx-withdraw__label" htmlFor="lx-withdraw-name">
            {t('earnings.realName')}
          </label>
          <Input
            id="lx-withdraw-name"
            className="lx-withdraw__input"
            value={draft.realName}
            maxLength={32}
            onChange={(realName) => set({ realName })}
            placeholder={t('earnings.realNamePlaceholder')}
          />
          {message('realName') ? <div className="lx-withdraw__error">{message('realName')}</div> : null}

          <ul className="lx-withdraw__rules" data-testid="withdraw-rules">
            <li>{t('earnings.ruleMin', { amount: format.money(rules.min_fen) })}</li>
            <li>
              {t('earnings.ruleDaily', {
                amount: format.money(rules.daily_max_fen),
                today: format.money(rules.today_requested_fen),
              })}
            </li>
            <li>
              {rules.fee_permille > 0
                ? t('earnings.ruleFee', {
                    percent: rules.fee_permille / 10,
                    min: format.money(rules.fee_min_fen),
                  })
                : t('earnings.ruleFree')}
            </li>
            <li>{t('earnings.ruleReview')}</li>
          </ul>
        </div>
        <div className="lx-withdraw__action">
          <Button
            block
            color="primary"
            shape="rounded"
            className="lx-primary-button"
            loading={create.isPending}
            onClick={() => void submit()}
          >
            {t('earnings.submit')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
