import { createHmac } from 'node:crypto';

/**
 * The keyed hash (HMAC-SHA256) that stands for a deleted account's phone. Phone numbers are few enough to
 * try them all, so a bare hash would be the number itself; the key makes the stored hashes useless without
 * it. It is PHONE_HASH_KEY when set (kept outside the database, so a copy of the database alone reveals no
 * number), else derived from the server secret generated on first start and kept in the database (stable
 * across restarts, no configuration). Changing it later forgets who registered before.
 */
export function phoneHasher(secret: string, configuredKey?: string) {
  const key = configuredKey ?? createHmac('sha256', secret).update('deleted-account-phones').digest();
  return (phone: string) => createHmac('sha256', key).update(phone).digest('hex');
}
