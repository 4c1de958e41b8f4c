import { useEffect } from 'react';
import { DEFAULT_ASSISTANT_NAME, setSystemSetting } from '../lib/common-store';
import { useSetting } from '../features/system/api/get-setting';

/**
 * docs/product.md, Client contract: settings are fetched when the app shows: on start and whenever the page
 * becomes visible again. They land in the common store, and the title bar shows the assistant's name.
 */
export function useSystemSettingSync() {
  const { data, refetch } = useSetting();

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [refetch]);

  useEffect(() => {
    if (data) setSystemSetting(data);
    document.title = data?.assistant_name || DEFAULT_ASSISTANT_NAME;
  }, [data]);
}
