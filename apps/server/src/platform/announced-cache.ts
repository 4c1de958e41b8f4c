import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.js';

export type Listen = Database['listen'];

/**
 * Rows kept in memory for the hot paths (a request's session, a reply's bot), as true as the database
 * allows. The embedded database has one process, and it announces each change that matters (triggers of
 * migrations 0006, 0007) before the statement that made it returns: entries then live until announced
 * (or `announcedTtlMs`). Elsewhere (PostgreSQL, possibly shared by several processes) they live `ttlMs`,
 * and with `ttlMs` 0 nothing is kept.
 *
 * A read that was under way when a change was announced is returned but not kept: it may predate the change.
 */
export class AnnouncedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private entries: LRUCache<K, V> | null;
  private changes = 0;

  constructor(private readonly o: { max: number; ttlMs: number; announcedTtlMs?: number }) {
    this.entries = o.ttlMs > 0 ? new LRUCache({ max: o.max, ttl: o.ttlMs }) : null;
  }

  /**
   * Where the database announces changes (`listen` is given), `onChange` is called with each payload on
   * `channel`; the cache then keeps its entries until they are forgotten.
   */
  async listen(listen: Listen, channel: string, onChange: (payload: string) => void) {
    if (!listen) return;
    await listen(channel, (payload) => {
      this.changes++;
      onChange(payload);
    });
    const ttl = this.o.announcedTtlMs;
    this.entries = new LRUCache<K, V>({ max: this.o.max, ...(ttl ? { ttl } : {}) });
  }

  /** The entry, or what `load` reads (kept unless a change was announced meanwhile). */
  async get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.entries?.get(key);
    if (hit !== undefined) return hit;
    const changes = this.changes;
    const value = await load();
    if (value !== undefined && changes === this.changes) this.entries?.set(key, value);
    return value;
  }

  forget(key: K) {
    this.entries?.delete(key);
  }

  forgetWhere(match: (value: V) => boolean) {
    for (const [key, value] of this.entries?.entries() ?? []) if (match(value)) this.entries!.delete(key);
  }

  clear() {
    this.entries?.clear();
  }
}
