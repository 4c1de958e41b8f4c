import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** The login page's own bar: a close button, nothing else to distract. */
export function LoginTopBar({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="lx-login-bar">
      <button type="button" className="lx-login-bar__close" aria-label={t('common.close')} onClick={onClose}>
        <CloseOutline fontSize={22} />
      </button>
    </header>
  );
}
