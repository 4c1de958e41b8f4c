import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit.js';
import { connectRedis, type Redis } from './redis.js';

/** The same behaviour from both implementations. */
function behaves(make: (clock: ManualClock) => RateLimiter) {
  let clock: ManualClock;
  let rl: RateLimiter;
  const fresh = () => {
    clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));
    rl = make(clock);
  };

  it('allows `limit` hits per window, then refuses', async () => {
    fresh();
    for (let i = 0; i < 3; i++) expect(await rl.hit('k', 3, 10_000)).toEqual({ allowed: true });
    expect((await rl.hit('k', 3, 10_000)).allowed).toBe(false);
  });

  it('says how long until the oldest hit leaves the window', async () => {
    fresh();
    await rl.hit('k', 2, 10_000);
    clock.advance(3_000);
    await rl.hit('k', 2, 10_000);
    clock.advance(1_000);
    expect(await rl.hit('k', 2, 10_000)).toEqual({ allowed: false, retryAfterMs: 6_000 });
  });

  it('keeps keys apart', async () => {
    fresh();
    expect((await rl.hit('a', 1, 10_000)).allowed).toBe(true);
    expect((await rl.hit('b', 1, 10_000)).allowed).toBe(true);
    expect((await rl.hit('a', 1, 10_000)).allowed).toBe(false);
  });

  it('peek answers like hit without recording', async () => {
    fresh();
    for (let i = 0; i < 5; i++) expect(await rl.peek('k', 1, 10_000)).toEqual({ allowed: true });
    expect((await rl.hit('k', 1, 10_000)).allowed).toBe(true);
    expect(await rl.peek('k', 1, 10_000)).toEqual({ allowed: false, retryAfterMs: 10_000 });
    expect(await rl.peek('k', 2, 10_000)).toEqual({ allowed: true });
  });

  it('does not record a refused hit', async () => {
    fresh();
    await rl.hit('k', 1, 10_000);
    clock.advance(5_000);
    for (let i = 0; i < 3; i++) expect((await rl.hit('k', 1, 10_000)).allowed).toBe(false);
    clock.advance(5_000);
    expect((await rl.hit('k', 1, 10_000)).allowed).toBe(true);
  });

  it('slides: hits leave the window one by one as time passes', async () => {
    fresh();
    await rl.hit('k', 3, 60_000);
    clock.advance(20_000);
    await rl.hit('k', 3, 60_000);
    clock.advance(20_000);
    await rl.hit('k', 3, 60_000);
    expect(await rl.hit('k', 3, 60_000)).toEqual({ allowed: false, retryAfterMs: 20_000 });
    clock.advance(19_999);
    expect((await rl.hit('k', 3, 60_000)).allowed).toBe(false);
    clock.advance(1);
    expect((await rl.hit('k', 3, 60_000)).allowed).toBe(true);
    // The window is full again until the second hit (at 20 s) leaves it, at 80 s.
    expect(await rl.hit('k', 3, 60_000)).toEqual({ allowed: false, retryAfterMs: 20_000 });
  });

  it('counts several hits at the same instant', async () => {
    fresh();
    const verdicts = await Promise.all(Array.from({ length: 5 }, () => rl.hit('k', 3, 10_000)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
  });

  it('reset forgets a key and only that key', async () => {
    fresh();
    await rl.hit('k', 1, 10_000);
    await rl.hit('other', 1, 10_000);
    await rl.reset('k');
    expect((await rl.hit('k', 1, 10_000)).allowed).toBe(true);
    expect((await rl.hit('other', 1, 10_000)).allowed).toBe(false);
  });
}

describe('MemoryRateLimiter', () => {
  behaves((clock) => new MemoryRateLimiter(clock));

  it('keeps a key that is still inside its window through the periodic sweep of old keys', async () => {
    const clock = new ManualClock(0);
    const rl = new MemoryRateLimiter(clock);
    await rl.hit('kept', 1, 86_400_000);
    clock.advance(3_600_000);
    for (let i = 0; i < 1000; i++) await rl.peek(`other${i}`, 1, 1000);
    expect((await rl.hit('kept', 1, 86_400_000)).allowed).toBe(false);
  });
});

describe.skipIf(!process.env.REDIS_URL)('RedisRateLimiter', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connectRedis(process.env.REDIS_URL!);
  });
  afterAll(() => redis.quit());

  behaves((clock) => new RedisRateLimiter(redis, clock, `lingxi:test:${randomUUID()}:`));

  it('shares the count between limiters on the same prefix, as server processes do', async () => {
    const clock = new ManualClock(0);
    const prefix = `lingxi:test:${randomUUID()}:`;
    const a = new RedisRateLimiter(redis, clock, prefix);
    const b = new RedisRateLimiter(redis, clock, prefix);
    expect((await a.hit('k', 1, 10_000)).allowed).toBe(true);
    expect((await b.hit('k', 1, 10_000)).allowed).toBe(false);
  });

  it('lets its keys expire in Redis', async () => {
    const prefix = `lingxi:test:${randomUUID()}:`;
    await new RedisRateLimiter(redis, new ManualClock(0), prefix).hit('k', 1, 10_000);
    const ttl = await redis.pttl(`${prefix}k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10_000);
  });
});
