import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error';
import { EmptyState } from './empty-state';
import { BrokenLinkIllustration } from './illustrations';

/** Whether a failed call never reached the server (offline, timed out) rather than being answered with an error. */
export function isNetworkFailure(error: unknown): boolean {
  return !isApiError(error) || error.kind === 'network' || error.kind === 'timeout';
}

interface LoadErrorStateProps {
  error: unknown;
  onRetry: () => void;
  /** Inside a white card (on the grey page background) or flat. */
  card?: boolean;
}

/**
 * Something a page needed did not load: says whether the network or the server failed, and offers a retry. The
 * page shows it in place of the content, so its call shows no toast over the button.
 */
export function LoadErrorState({ error, onRetry, card = false }: LoadErrorStateProps) {
  const { t } = useTranslation();
  const network = isNetworkFailure(error);
  return (
    <div role="alert" data-testid="load-error">
      <EmptyState
        card={card}
        illustration={<BrokenLinkIllustration size={160} />}
        title={t(network ? 'loadError.networkTitle' : 'loadError.serverTitle')}
        text={t(network ? 'loadError.networkText' : 'loadError.serverText')}
        action={
          <Button shape="rounded" color="primary" fill="outline" onClick={onRetry}>
            {t('loadError.retry')}
          </Button>
        }
      />
    </div>
  );
}
