import { NoticeBar } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useRelativeTime } from '../../../lib/relative-time';

/** Says a draft was restored, when it was written, and offers to throw it away. */
export function DraftBanner({ savedAt, onDiscard }: { savedAt: string; onDiscard: () => void }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <NoticeBar
      color="alert"
      wrap
      icon={<ClockCircleOutline />}
      data-testid="draft-restored"
      content={t('creation.draft.restored', { when: relative(savedAt) })}
      extra={
        <button type="button" className="lx-draft-discard" onClick={onDiscard} data-testid="draft-discard">
          {t('creation.draft.discard')}
        </button>
      }
    />
  );
}
