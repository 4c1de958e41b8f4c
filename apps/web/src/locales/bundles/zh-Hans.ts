import { resourcesFromFiles } from '../../lib/locale';

/** The app's zh-Hans texts as one chunk, fetched only when a reader needs them (lib/i18n.ts, docs/i18n.md). */
export default resourcesFromFiles(import.meta.glob('../zh-Hans/*.json', { eager: true, import: 'default' }))[
  'zh-Hans'
];
