import { join } from 'node:path';
import type { Config } from '../../config.js';
import { DiskStorage } from './disk.js';
import { S3Storage } from './s3.js';
import type { Storage } from './storage.js';

export * from './storage.js';
export { DiskStorage } from './disk.js';
export { S3Storage } from './s3.js';

/** STORAGE_DRIVER: disk under DATA_DIR/uploads (embedded), or an S3-compatible bucket. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  return config.storage.driver === 's3'
    ? new S3Storage(config.storage.s3)
    : new DiskStorage(join(config.dataDir, 'uploads'));
}
