import { resourcesFromFiles } from '../../lib/locale';

/** The app's zh-Hant texts as one chunk, fetched only when a reader needs them (lib/i18n.ts, docs/i18n.md). */
export default resourcesFromFiles(import.meta.glob('../zh-Hant/*.json', { eager: true, import: 'default' }))[
  'zh-Hant'
];
