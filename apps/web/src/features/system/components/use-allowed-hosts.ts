import { useCommonStore } from '../../../lib/common-store';
import { useSetting } from '../api/get-setting';

/**
 * The outside hosts operators allow (`web_view_hosts`, docs/platforms.md, Pages). `ready` once the settings
 * answered or failed: a failure allows no outside host, never every host.
 */
export function useAllowedHosts(): { hosts: readonly string[]; ready: boolean } {
  const { data, isError } = useSetting();
  const stored = useCommonStore().systemSetting;
  const hosts = data?.web_view_hosts ?? stored?.web_view_hosts ?? [];
  return { hosts, ready: Boolean(data) || Boolean(stored) || isError };
}
