import { resourcesFromFiles } from '../lib/locale';

/**
 * All five languages of the app's texts at once, for the tests that read or render them. The app itself never
 * imports this: it fetches the reader's language alone (lib/i18n.ts, `loadLocale`).
 */
export const resources = resourcesFromFiles(
  import.meta.glob('./*/*.json', { eager: true, import: 'default' }),
);
