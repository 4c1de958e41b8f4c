import { resourcesFromFiles } from '../../lib/locale';

/** The app's en texts as one chunk, fetched only when a reader needs them (lib/i18n.ts, docs/i18n.md). */
export default resourcesFromFiles(import.meta.glob('../en/*.json', { eager: true, import: 'default' }))['en'];
