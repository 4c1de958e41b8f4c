import { CODE_COUNTDOWN_SECONDS, LOGOUT_REDIRECT_DELAY_MS, SMS_CODE_LENGTH } from '@lingxi/contract';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigateSafe } from '../../../lib/navigation';
import { confirmDanger } from '../../../lib/confirm-danger';
import { endSession } from '../../../lib/profile';
import { useCountdown } from '../../../lib/use-countdown';
import { useThrottleFn } from '../../../lib/use-throttle-fn';
import { useDeleteAccount } from '../api/delete-account';
import { useSendDeletionCode } from '../api/send-deletion-code';

interface AccountDeletionPopupProps {
  visible: boolean;
  maskedPhone: string;
  onClose: () => void;
}

/**
 * Account deletion (docs/product.md, Account): warn, re-verify with an SMS code to the own phone, confirm,
 * erase.
 */
export function AccountDeletionPopup({ visible, maskedPhone, onClose }: AccountDeletionPopupProps) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const countdown = useCountdown();
  const sendCode = useSendDeletionCode();
  const deleteAccount = useDeleteAccount();

  const onSend = useThrottleFn(() => {
    if (countdown.running || sendCode.isPending) return;
    sendCode.mutate(undefined, {
      onSuccess: (data) => {
        countdown.start(data.retry_after > 0 ? data.retry_after : CODE_COUNTDOWN_SECONDS);
        Toast.show({ icon: 'success', content: t('login.codeSent') });
      },
    });
  });

  const onConfirm = useThrottleFn(() => {
    if (!new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code)) {
      Toast.show({ content: t('login.codeInvalid', { length: SMS_CODE_LENGTH }) });
      return;
    }
    void confirmDanger({
      title: t('deletion.confirmTitle'),
      content: t('deletion.confirmText'),
      confirmText: t('deletion.confirm'),
    }).then((ok) => {
      if (!ok) return;
      deleteAccount.mutate(code, {
        onSuccess: () => {
          endSession(queryClient);
          onClose();
          Toast.show({ icon: 'success', content: t('deletion.done') });
          setTimeout(() => nav.relaunch('/'), LOGOUT_REDIRECT_DELAY_MS);
        },
      });
    });
  });

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="lx-sheet" showCloseButton>
      <div className="lx-sheet__title">{t('deletion.title')}</div>
      <div className="lx-deletion">
        <div className="lx-deletion__warning">
          <ExclamationCircleFill className="lx-deletion__warning-icon" />
          <div>
            <div className="lx-deletion__warning-title">{t('deletion.warningTitle')}</div>
            <ul>
              <li>{t('deletion.warning1')}</li>
              <li>{t('deletion.warning2')}</li>
              <li>{t('deletion.warning3')}</li>
            </ul>
          </div>
        </div>
        <div className="lx-deletion__phone">{t('deletion.codeTo', { phone: maskedPhone })}</div>
        <div className="lx-deletion__field">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            placeholder={t('login.codePlaceholder')}
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, ''))}
            aria-label={t('login.codePlaceholder')}
          />
          <button
            type="button"
            className="lx-code-link"
            disabled={countdown.running || sendCode.isPending}
            onClick={onSend}
          >
            {countdown.running ? t('login.resendIn', { seconds: countdown.left }) : t('login.getCode')}
          </button>
        </div>
        <Button
          block
          shape="rounded"
          color="danger"
          loading={deleteAccount.isPending}
          disabled={!code}
          onClick={onConfirm}
        >
          {t('deletion.submit')}
        </Button>
      </div>
    </Popup>
  );
}
