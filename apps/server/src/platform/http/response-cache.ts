import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Listen } from '../announced-cache.js';

/**
 * Public answers kept as the JSON their route's serializer wrote, so a hit costs no query, no presenter and no
 * serializer (docs/performance.md, Fast reads). An entry lives `ttlMs` (what counters and creators' names
 * may lag by) unless `clear` comes first: on a change this process made, or one the database announced.
 *
 * A key is read once however many requests ask for it at the same moment; a read under way when the cache is
 * cleared is answered but not kept (it may predate the change). `load` answers null for what must not be kept
 * (a bot only its creator may see): null is passed on and nothing is stored.
 */
export class ResponseCache<V extends { json: string }> {
  private readonly entries: LRUCache<string, V>;
  private readonly loading = new Map<string, Promise<V | null>>();
  private generation = 0;

  constructor(o: { max: number; maxBytes: number; ttlMs: number }) {
    this.entries = new LRUCache<string, V>({
      max: o.max,
      maxSize: o.maxBytes,
      sizeCalculation: (v) => Math.max(1, v.json.length * 2),
      ttl: o.ttlMs,
    });
  }

  get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.entries.get(key);
    if (hit) return Promise.resolve(hit);
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.generation;
    const read = load()
      .then((value) => {
        if (value && generation === this.generation) this.entries.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === read) this.loading.delete(key);
      });
    this.loading.set(key, read);
    return read;
  }

  /** Every entry forgotten, and every read under way left unkept. */
  clear() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  /**
   * Cleared by each announcement on `channels`, where the database makes them, and whenever announcements may
   * have been missed (the listening connection was lost: docs/scaling.md, Caches).
   */
  async listen(listen: Listen, channels: string[]) {
    if (!listen) return;
    for (const channel of channels)
      await listen(
        channel,
        () => this.clear(),
        () => this.clear(),
      );
  }
}

/** Sends JSON already written by the route's serializer, as Fastify would have sent it. */
export const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);

/** The route's own serializer (the response schema's), as text. */
export const serializerOf =
  (reply: FastifyReply) =>
  (payload: unknown): string => {
    const out = reply.serialize(payload);
    return typeof out === 'string' ? out : Buffer.from(out as ArrayBuffer).toString('utf8');
  };
