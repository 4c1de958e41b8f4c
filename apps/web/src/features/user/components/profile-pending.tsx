import { PageLoadError } from '../../../components/page-load-error';
import { PageLoading } from '../../../components/page-loading';
import type { Profile } from '../../../lib/api/get-user';

/** A page that needs the profile, while it has none to show: on its way, or failed (with a retry). */
export function ProfilePending({ profile }: { profile: Profile }) {
  if (profile.isError) return <PageLoadError onRetry={profile.refetch} />;
  return profile.isLoading ? <PageLoading /> : null;
}
