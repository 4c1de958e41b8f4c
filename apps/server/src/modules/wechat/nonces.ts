import type { Redis } from 'ioredis';
import type { Clock } from '../../platform/clock.js';

/** Remembers the nonces of signed JS-SDK config requests for a while: a second use within it is a replay. */
export interface NonceStore {
  /** True the first time a nonce is seen within `ttlMs`; false for a replay. */
  claim(nonce: string, ttlMs: number): Promise<boolean>;
}

/** One process's memory: enough when there is one server process. */
export class MemoryNonceStore implements NonceStore {
  private readonly seen = new Map<string, number>();
  private claims = 0;

  constructor(private readonly clock: Clock) {}

  async claim(nonce: string, ttlMs: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (++this.claims % 1000 === 0) {
      for (const [n, until] of this.seen) if (until <= now) this.seen.delete(n);
    }
    const until = this.seen.get(nonce);
    if (until !== undefined && until > now) return false;
    this.seen.set(nonce, now + ttlMs);
    return true;
  }
}

/**
 * Atomic check-and-record, by the injected clock (as the rate limiter counts), with Redis's own expiry as the
 * bound on how long a key lives.
 */
const CLAIM = `
local seen_until = redis.call('GET', KEYS[1])
if seen_until and tonumber(seen_until) > tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`;

/** Shared by every server process (REDIS_URL). */
export class RedisNonceStore implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'lingxi:jssdk:nonce:',
  ) {}

  async claim(nonce: string, ttlMs: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    const r = await this.redis.eval(CLAIM, 1, this.prefix + nonce, now, now + ttlMs, ttlMs);
    return Number(r) === 1;
  }
}
