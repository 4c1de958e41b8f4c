import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../platform/clock.js';

/** What a fetch brings: the value and how long WeChat says it lives, in seconds. */
export type Fetched = { value: string; expiresIn: number };

/** Refreshed this long before WeChat's expiry (at most a fifth of the lifetime, for short-lived test values). */
export const REFRESH_MARGIN_SECONDS = 300;
const LOCK_MS = 15_000;
const POLL_MS = 50;

/** How long a value is used: its lifetime minus the margin. */
export const usableMs = (expiresIn: number) =>
  Math.max(0, expiresIn - Math.min(REFRESH_MARGIN_SECONDS, Math.floor(expiresIn / 5))) * 1000;

/** Frees the lock only if it is still ours (it may have run out and been taken). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
/** Drops a cached value only if it is the one found bad (another process may have replaced it already). */
const DROP_IF = `
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, (string.find(v, ':', 1, true) or 0) + 1) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export class RefreshBusyError extends Error {}

/**
 * Short-lived values WeChat hands out (the access token, the jsapi ticket), cached for their lifetime and fetched
 * one at a time: concurrent callers in a process share one fetch, and with Redis every process reads one cached
 * copy and only the holder of a lock (SET NX PX) fetches while the others poll. docs/platforms.md, WeChat JS-SDK.
 * Expiry is by the injected clock; Redis keys also expire on their own.
 */
export class SharedTokens {
  private readonly local = new Map<string, { value: string; until: number }>();
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(
    private readonly clock: Clock,
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    private readonly lockWaitMs = LOCK_MS + 5_000,
  ) {}

  /** The cached value, or a fresh one from `fetch` (one fetch at a time). */
  async get(name: string, fetch: () => Promise<Fetched>): Promise<string> {
    const hit = await this.read(name);
    if (hit !== undefined) return hit;
    let flight = this.inflight.get(name);
    if (!flight) {
      flight = this.refresh(name, fetch).finally(() => this.inflight.delete(name));
      this.inflight.set(name, flight);
    }
    return flight;
  }

  /** Forgets `value` if it is still the cached one (WeChat said it is no longer valid). */
  async drop(name: string, value: string): Promise<void> {
    if (this.local.get(name)?.value === value) this.local.delete(name);
    if (this.redis) await this.redis.eval(DROP_IF, 1, this.prefix + name, value);
  }

  private async read(name: string): Promise<string | undefined> {
    const now = this.clock.now().getTime();
    if (!this.redis) {
      const c = this.local.get(name);
      return c && c.until > now ? c.value : undefined;
    }
    const raw = await this.redis.get(this.prefix + name);
    if (!raw) return undefined;
    const at = raw.indexOf(':');
    return Number(raw.slice(0, at)) > now ? raw.slice(at + 1) : undefined;
  }

  private async store(name: string, f: Fetched) {
    const ms = usableMs(f.expiresIn);
    const until = this.clock.now().getTime() + ms;
    if (!this.redis) this.local.set(name, { value: f.value, until });
    else if (ms > 0) await this.redis.set(this.prefix + name, `${until}:${f.value}`, 'PX', ms);
  }

  private async refresh(name: string, fetch: () => Promise<Fetched>): Promise<string> {
    if (!this.redis) {
      const f = await fetch();
      await this.store(name, f);
      return f.value;
    }
    const lock = `${this.prefix}${name}:lock`;
    const token = randomBytes(12).toString('hex');
    const deadline = Date.now() + this.lockWaitMs;
    for (;;) {
      if ((await this.redis.set(lock, token, 'PX', LOCK_MS, 'NX')) === 'OK') {
        try {
          // Another process may have stored one between our read and our lock.
          const again = await this.read(name);
          if (again !== undefined) return again;
          const f = await fetch();
          await this.store(name, f);
          return f.value;
        } finally {
          await this.redis.eval(RELEASE, 1, lock, token).catch(() => undefined);
        }
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
      const hit = await this.read(name);
      if (hit !== undefined) return hit;
      if (Date.now() > deadline)
        throw new RefreshBusyError(`${name}: another process holds the refresh lock`);
    }
  }
}
