import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.js';

export type Listen = Database['listen'];

const SAFETY_TTL_MS = 10 * 60_000;

/**
 * Rows kept in memory for the hot paths (a request's session, a reply's bot), as true as the database
 * allows (docs/scaling.md, Caches). Where the database announces each change that matters (triggers of
 * migrations 0006–0009, 0020), entries live until announced, or `announcedTtlMs` (10 minutes unless given: a
 * safety net, never the rule). The embedded database announces before the statement that made the change
 * returns; PostgreSQL after the commit, to every process sharing it, and when its announcements may have been
 * missed (the listening connection was lost) everything is dropped. Without announcements entries live
 * `ttlMs`, and with `ttlMs` 0 nothing is kept.
 *
 * A read that was under way when its entry was forgotten (or the cache cleared) is returned but not kept:
 * it may predate the change.
 */
export class AnnouncedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private entries: LRUCache<K, V> | null;
  /** Reads under way, by key: each is marked stale when its key is forgotten meanwhile. */
  private readonly loading = new Map<K, Set<{ stale: boolean }>>();

  constructor(
    private readonly o: {
      max: number;
      ttlMs: number;
      announcedTtlMs?: number;
      /** With `sizeOf`: the most the entries may add up to, in `sizeOf`'s units. */
      maxSize?: number;
      sizeOf?: (value: V) => number;
    },
  ) {
    this.entries = o.ttlMs > 0 ? new LRUCache({ ...this.limits(), ttl: o.ttlMs }) : null;
  }

  private limits() {
    const { max, maxSize, sizeOf } = this.o;
    return maxSize && sizeOf ? { max, maxSize, sizeCalculation: (v: V) => Math.max(1, sizeOf(v)) } : { max };
  }

  /** True when entries are kept at all. */
  get keeps() {
    return this.entries !== null;
  }

  /**
   * Where the database announces changes (`listen` is given), `onChange` is called with each payload on
   * `channel`; the cache then keeps its entries until they are forgotten (or cleared, when announcements
   * may have been missed).
   */
  async listen(listen: Listen, channel: string, onChange: (payload: string) => void) {
    if (!listen) return;
    await listen(channel, onChange, () => this.clear());
    const ttl = this.o.announcedTtlMs ?? SAFETY_TTL_MS;
    this.entries = new LRUCache<K, V>({ ...this.limits(), ttl });
  }

  /** The entry, or what `load` reads (kept unless the entry was forgotten meanwhile). */
  async get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.entries?.get(key);
    if (hit !== undefined || !this.entries) return hit ?? load();
    const read = { stale: false };
    const reads = this.loading.get(key) ?? new Set();
    this.loading.set(key, reads.add(read));
    try {
      const value = await load();
      if (value !== undefined && !read.stale) this.entries.set(key, value);
      return value;
    } finally {
      reads.delete(read);
      if (!reads.size && this.loading.get(key) === reads) this.loading.delete(key);
    }
  }

  /** The entry if it is in memory (never read). */
  peek(key: K): V | undefined {
    return this.entries?.get(key);
  }

  /**
   * Keeps `value`, known to be current (read by a statement that just returned: a change before it was
   * announced before it returned, a later one will be).
   */
  set(key: K, value: V) {
    this.entries?.set(key, value);
  }

  forget(key: K) {
    this.entries?.delete(key);
    for (const read of this.loading.get(key) ?? []) read.stale = true;
  }

  /** Forgets the entries `match` picks, and every read under way (its value is not known yet). */
  forgetWhere(match: (value: V) => boolean) {
    for (const [key, value] of this.entries?.entries() ?? []) if (match(value)) this.entries!.delete(key);
    this.staleAll();
  }

  clear() {
    this.entries?.clear();
    this.staleAll();
  }

  private staleAll() {
    for (const reads of this.loading.values()) for (const read of reads) read.stale = true;
  }
}
