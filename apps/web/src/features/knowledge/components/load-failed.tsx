import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

/** A list that did not load: say so and offer a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('knowledge.loadFailed')}
      action={
        <Button shape="rounded" color="primary" fill="outline" onClick={onRetry}>
          {t('knowledge.retry')}
        </Button>
      }
    />
  );
}
