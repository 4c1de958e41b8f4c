import { InformationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/**
 * The one place a conversation with the offline model says so: a slim line above the messages. The replies
 * themselves read like replies (docs/product.md, Chat).
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <div className="lx-chat__offline" role="note" data-testid="offline-notice">
      <InformationCircleOutline aria-hidden="true" />
      <span>{t('chat.offlineNotice')}</span>
    </div>
  );
}
