import { resourcesFromFiles } from '../../lib/locale';

/** The app's es texts as one chunk, fetched only when a reader needs them (lib/i18n.ts, docs/i18n.md). */
export default resourcesFromFiles(import.meta.glob('../es/*.json', { eager: true, import: 'default' }))['es'];
