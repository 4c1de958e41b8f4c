import { useTranslation } from 'react-i18next';

interface CodeButtonProps {
  left: number;
  sending: boolean;
  onClick: () => void;
}

/** 获取验证码 / 58s后重新获取: disabled while counting down or sending. */
export function CodeButton({ left, sending, onClick }: CodeButtonProps) {
  const { t } = useTranslation();
  const disabled = left > 0 || sending;
  return (
    <button
      type="button"
      className="lx-code-button"
      disabled={disabled}
      onClick={onClick}
      data-testid="code-button"
    >
      {sending ? t('login.sending') : left > 0 ? t('login.resendIn', { seconds: left }) : t('login.getCode')}
    </button>
  );
}
