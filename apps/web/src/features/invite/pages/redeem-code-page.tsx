import type { RedeemResult } from '@lingxi/contract';
import { Button, Input } from 'antd-mobile';
import { CheckCircleFill, CouponOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { isApiError } from '../../../lib/api-error';
import { useNavigateSafe } from '../../../lib/navigation';
import { REQUEST_MESSAGES } from '../../../lib/request';
import { useRedeemCode } from '../api/redeem-code';
import './redeem-code-page.css';
import { useFormat } from '../../../lib/format';

/** Codes are case-free and may be typed with spaces (docs/money.md, Redeem codes): shown upper-case, spaces gone. */
export const normaliseCode = (value: string) => value.replace(/\s+/g, '').toUpperCase().slice(0, 32);

function Success({ result, onAgain }: { result: RedeemResult; onAgain: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const nav = useNavigateSafe();
  return (
    <section className="lx-card lx-redeem-success" data-testid="redeem-success">
      <CheckCircleFill className="lx-redeem-success__icon" />
      <div className="lx-redeem-success__title">{t('redeem.successTitle')}</div>
      <div className="lx-redeem-success__value">
        {result.kind === 'chips'
          ? t('redeem.gotChips', { count: result.value })
          : t('redeem.gotDays', { count: result.value })}
      </div>
      <div className="lx-redeem-success__text">
        {result.kind === 'vip_days' && result.vip_expires_at
          ? t('redeem.vipUntil', { date: format.date(result.vip_expires_at) })
          : t('redeem.balance', { chips: format.number(result.chips) })}
      </div>
      <div className="lx-redeem-success__actions">
        <Button shape="rounded" onClick={onAgain}>
          {t('redeem.again')}
        </Button>
        <Button shape="rounded" color="primary" onClick={() => void nav.push('/member-center')}>
          {t('redeem.toMember')}
        </Button>
      </div>
    </section>
  );
}

/** /redeem-code: a code for chips or VIP days; every refusal says why, under the field. */
function RedeemCode() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redeem = useRedeemCode();

  const submit = () => {
    if (!code) {
      setError(t('redeem.empty'));
      return;
    }
    setError(null);
    redeem.mutate(
      { code },
      {
        onError: (e) => setError(isApiError(e) ? e.message : REQUEST_MESSAGES.serverBusy),
      },
    );
  };

  if (redeem.data)
    return (
      <Success
        result={redeem.data}
        onAgain={() => {
          redeem.reset();
          setCode('');
        }}
      />
    );
  return (
    <>
      <section className="lx-card lx-redeem">
        <div className="lx-redeem__head">
          <span className="lx-redeem__icon">
            <CouponOutline />
          </span>
          <div>
            <div className="lx-redeem__title">{t('redeem.title')}</div>
            <div className="lx-redeem__sub">{t('redeem.subtitle')}</div>
          </div>
        </div>
        <div className={`lx-redeem__field${error ? ' lx-redeem__field--error' : ''}`}>
          <Input
            value={code}
            onChange={(value) => {
              setCode(normaliseCode(value));
              setError(null);
            }}
            onEnterPress={submit}
            placeholder={t('redeem.placeholder')}
            clearable
            autoComplete="off"
            aria-label={t('redeem.placeholder')}
            data-testid="redeem-input"
          />
        </div>
        {error ? (
          <div className="lx-redeem__error" role="alert">
            {error}
          </div>
        ) : null}
        <Button
          block
          color="primary"
          shape="rounded"
          className="lx-primary-button lx-redeem__submit"
          loading={redeem.isPending}
          onClick={submit}
        >
          {t('redeem.submit')}
        </Button>
      </section>
      <section className="lx-redeem-notes">
        <h2>{t('redeem.notesTitle')}</h2>
        <ol>
          <li>{t('redeem.note1')}</li>
          <li>{t('redeem.note2')}</li>
          <li>{t('redeem.note3')}</li>
        </ol>
      </section>
    </>
  );
}

export default function RedeemCodePage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t('titles.redeemCode')} backFallback="/user">
        <RedeemCode />
      </Page>
    </RequireLogin>
  );
}
