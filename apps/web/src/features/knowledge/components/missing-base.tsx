import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { NotFoundIllustration } from '../../../components/illustrations';
import { useNavigateSafe } from '../../../lib/navigation';

/** A base that is gone, someone else's, or a bad link: say so and lead back to the list. */
export function MissingBase() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  return (
    <EmptyState
      card={false}
      illustration={<NotFoundIllustration size={180} />}
      title={t('knowledge.missing')}
      text={t('knowledge.missingText')}
      action={
        <Button
          shape="rounded"
          color="primary"
          fill="outline"
          onClick={() => void nav.replace('/knowledge-store')}
          data-testid="back-to-store"
        >
          {t('titles.knowledgeStore')}
        </Button>
      }
    />
  );
}
