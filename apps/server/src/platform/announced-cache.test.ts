import { describe, expect, it } from 'vitest';
import { AnnouncedCache } from './announced-cache.js';

/** A database's announcements, as `listen` delivers them: `announce` calls the channel's listeners. */
function announcer() {
  const listeners: ((payload: string) => void)[] = [];
  return {
    listen: async (_channel: string, onPayload: (payload: string) => void) => void listeners.push(onPayload),
    announce: (payload: string) => listeners.forEach((l) => l(payload)),
  };
}

/** A read that resolves when told to, counting how often it ran. */
function reads(values: Record<number, string>) {
  let calls = 0;
  let release: () => void = () => undefined;
  return {
    get calls() {
      return calls;
    },
    load:
      (key: number, wait = false) =>
      async () => {
        calls++;
        if (wait) await new Promise<void>((r) => (release = r));
        return values[key];
      },
    release: () => release(),
  };
}

async function announcedCache() {
  const a = announcer();
  const cache = new AnnouncedCache<number, string>({ max: 10, ttlMs: 0 });
  await cache.listen(a.listen, 'changed', (id) => cache.forget(Number(id)));
  return { cache, announce: a.announce };
}

describe('AnnouncedCache', () => {
  it('keeps nothing without announcements and no time to live', async () => {
    const cache = new AnnouncedCache<number, string>({ max: 10, ttlMs: 0 });
    const r = reads({ 1: '一' });
    expect(await cache.get(1, r.load(1))).toBe('一');
    expect(await cache.get(1, r.load(1))).toBe('一');
    expect(r.calls).toBe(2);
    expect(cache.keeps).toBe(false);
  });

  it('keeps an entry until its change is announced', async () => {
    const { cache, announce } = await announcedCache();
    const values = { 1: '一', 2: '二' };
    const r = reads(values);
    await cache.get(1, r.load(1));
    await cache.get(2, r.load(2));
    values[1] = '壹';
    expect(await cache.get(1, r.load(1))).toBe('一');
    announce('1');
    expect(await cache.get(1, r.load(1))).toBe('壹');
    expect(await cache.get(2, r.load(2))).toBe('二');
    expect(r.calls).toBe(3);
  });

  it('does not keep a read its own change overtook, but keeps one another key’s change did', async () => {
    const { cache, announce } = await announcedCache();
    const r = reads({ 1: '一', 2: '二' });
    const overtaken = cache.get(1, r.load(1, true));
    announce('1');
    r.release();
    expect(await overtaken).toBe('一');
    const kept = cache.get(2, r.load(2, true));
    announce('1');
    r.release();
    expect(await kept).toBe('二');
    await cache.get(1, r.load(1));
    await cache.get(2, r.load(2));
    // Key 1 was read again (its first read was not kept), key 2 was not.
    expect(r.calls).toBe(3);
  });

  it('does not keep a read under way when the cache is cleared', async () => {
    const { cache } = await announcedCache();
    const r = reads({ 1: '一' });
    const pending = cache.get(1, r.load(1, true));
    cache.clear();
    r.release();
    await pending;
    await cache.get(1, r.load(1));
    expect(r.calls).toBe(2);
  });

  it('takes a value it is given, and gives it back without reading, until its change is announced', async () => {
    const { cache, announce } = await announcedCache();
    expect(cache.peek(1)).toBeUndefined();
    cache.set(1, '一');
    expect(cache.peek(1)).toBe('一');
    announce('1');
    expect(cache.peek(1)).toBeUndefined();
    const plain = new AnnouncedCache<number, string>({ max: 10, ttlMs: 0 });
    plain.set(1, '一');
    expect(plain.peek(1)).toBeUndefined();
  });
});
