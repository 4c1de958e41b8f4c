import { fileURLToPath } from 'node:url';

export const TEMPLATE_DIR = fileURLToPath(new URL('../../../.data-test/', import.meta.url));
export const TEMPLATE_FILE = `${TEMPLATE_DIR}pglite-template.tar`;
