import { ErrorCode } from '@lingxi/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { NotFoundIllustration } from '../../../components/illustrations';
import { LoadErrorState } from '../../../components/load-error-state';
import { PageNavBar } from '../../../components/page-nav-bar';
import { isApiError } from '../../../lib/api-error';
import { useNavigateSafe } from '../../../lib/navigation';

/** A bad id, or the server's "not found": the bot is gone for this user, whatever a retry does. */
export const isMissingBot = (error: unknown) =>
  isApiError(error) && error.kind === 'business' && error.code === ErrorCode.NOT_FOUND;

interface BotUnavailableProps {
  /** Why the bot did not load; null for an id that cannot be a bot's. */
  error: unknown;
  onRetry: () => void;
}

/**
 * The chat page without its bot: a missing one says so once and leads to discover; a failed load says whether
 * the network or the server failed and offers a retry.
 */
export function BotUnavailable({ error, onRetry }: BotUnavailableProps) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const missing = error === null || isMissingBot(error);
  return (
    <div className="lx-page">
      <PageNavBar title={t('titles.botChat')} />
      {missing ? (
        <EmptyState
          card={false}
          illustration={<NotFoundIllustration size={180} />}
          title={t('chat.botMissing')}
          text={t('chat.botMissingText')}
          action={
            <Button
              shape="rounded"
              color="primary"
              onClick={() => void nav.replace('/bot/discover')}
              data-testid="go-discover"
            >
              {t('chat.goDiscover')}
            </Button>
          }
        />
      ) : (
        <LoadErrorState error={error} onRetry={onRetry} />
      )}
    </div>
  );
}
