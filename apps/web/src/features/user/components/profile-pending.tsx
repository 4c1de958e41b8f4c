import { LoadErrorState } from '../../../components/load-error-state';
import { PageLoading } from '../../../components/page-loading';
import type { Profile } from '../../../lib/api/get-user';

/**
 * A page that needs the profile, while it has none to show: on its way, or failed (saying whether the network or
 * the server failed, with a retry).
 */
export function ProfilePending({ profile }: { profile: Profile }) {
  if (profile.isError) return <LoadErrorState error={profile.error} onRetry={profile.refetch} />;
  return profile.isLoading ? <PageLoading /> : null;
}
