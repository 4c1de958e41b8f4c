import type { MyBot } from '@lingxi/contract';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Above the editor of an existing bot: where its review stands, and what saving will do. */
export function StatusBanner({ bot }: { bot: MyBot }) {
  const { t } = useTranslation();
  if (bot.pending_edit) {
    return (
      <NoticeBar color="info" wrap content={t('creation.banner.pendingEdit')} data-testid="status-banner" />
    );
  }
  if (bot.status === 'rejected') {
    const reason = bot.reject_reason || t('myAi.noReason');
    return (
      <NoticeBar
        color="error"
        wrap
        content={t('creation.banner.rejected', { reason })}
        data-testid="status-banner"
      />
    );
  }
  if (bot.status === 'pending_review') {
    return <NoticeBar color="info" wrap content={t('creation.banner.pending')} data-testid="status-banner" />;
  }
  if (bot.status === 'published') {
    return (
      <NoticeBar color="default" wrap content={t('creation.banner.published')} data-testid="status-banner" />
    );
  }
  return null;
}
