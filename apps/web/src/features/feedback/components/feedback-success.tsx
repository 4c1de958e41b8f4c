import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SuccessIllustration } from '../../../components/illustrations';

export function FeedbackSuccess({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="lx-feedback-done lx-card" role="status">
      <SuccessIllustration />
      <div className="lx-feedback-done__title">{t('feedback.doneTitle')}</div>
      <div className="lx-feedback-done__text">{t('feedback.doneText')}</div>
      <Button shape="rounded" color="primary" className="lx-feedback-done__action" onClick={onBack}>
        {t('common.back')}
      </Button>
    </div>
  );
}
