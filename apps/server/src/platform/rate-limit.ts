import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';

export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * A sliding-window log: at most `limit` hits per `windowMs` per key. In-process by default, Redis when
 * configured (shared by every server process). Time comes from the injected clock, so limits are testable
 * over an hour or a day without waiting; that is why this is not rate-limiter-flexible, which reads the
 * wall clock itself.
 */
export interface RateLimiter {
  /** Records a hit if allowed; a refused hit is not recorded. */
  hit(key: string, limit: number, windowMs: number): Promise<Verdict>;
  /** What `hit` would answer, without recording anything. */
  peek(key: string, limit: number, windowMs: number): Promise<Verdict>;
  /** Forgets a key's hits (used when the guarded action failed and should not count). */
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweeps = 0;

  constructor(private readonly clock: Clock) {}

  async hit(key: string, limit: number, windowMs: number): Promise<Verdict> {
    return this.check(key, limit, windowMs, true);
  }

  async peek(key: string, limit: number, windowMs: number): Promise<Verdict> {
    return this.check(key, limit, windowMs, false);
  }

  private check(key: string, limit: number, windowMs: number, record: boolean): Verdict {
    const now = this.clock.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs);
    if (++this.sweeps % 1000 === 0) this.sweep(now);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterMs: recent[0]! + windowMs - now };
    }
    if (record) recent.push(now);
    this.hits.set(key, recent);
    return { allowed: true };
  }

  async reset(key: string) {
    this.hits.delete(key);
  }

  /** Drops keys whose newest hit is older than a day, the longest window in use. */
  private sweep(now: number) {
    for (const [k, ts] of this.hits) if ((ts.at(-1) ?? 0) < now - 86_400_000) this.hits.delete(k);
  }
}

/** Atomic check-and-record on a sorted set of hit times. */
const SLIDING_WINDOW = `
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
if member == '' then return -1 end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return -1
`;

export class RedisRateLimiter implements RateLimiter {
  private seq = 0;

  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'lingxi:rl:',
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<Verdict> {
    return this.run(key, limit, windowMs, true);
  }

  async peek(key: string, limit: number, windowMs: number): Promise<Verdict> {
    return this.run(key, limit, windowMs, false);
  }

  private async run(key: string, limit: number, windowMs: number, record: boolean): Promise<Verdict> {
    const now = this.clock.now().getTime();
    const member = record ? `${now}:${process.pid}:${++this.seq}` : '';
    const r = Number(
      await this.redis.eval(SLIDING_WINDOW, 1, this.prefix + key, now, windowMs, limit, member),
    );
    return r < 0 ? { allowed: true } : { allowed: false, retryAfterMs: r };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}
